// The real entry point plus a planted bug outside any request (for the process guard's test).
import "../main";

setTimeout(() => {
  throw new Error("planted bug in a timer");
}, 10);
void Promise.reject(new Error("planted rejection"));

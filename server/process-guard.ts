// Last line of defence: an error that escapes every request handler is logged in one line and the server keeps
// serving everyone else, instead of Node's default of ending the process.
import { oneLine } from "./http/respond";

let installed = false;

export function installProcessGuard(log: (line: string) => void = (line) => console.error(line)): void {
  if (installed) return;
  installed = true;
  process.on("uncaughtException", (error) => log(`Uncaught error (the server keeps running): ${oneLine(error)}`));
  process.on("unhandledRejection", (reason) => log(`Unhandled rejection (the server keeps running): ${oneLine(reason)}`));
}

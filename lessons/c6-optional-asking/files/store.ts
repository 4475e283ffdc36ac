// The help desk's data. It lives in module state: it stays between calls and starts over on Reset ▾ → Reset data.
export type Ticket = { id: string; title: string; status: "open" | "closed"; daysSinceUpdate: number };

export const tickets = new Map<string, Ticket>([
  ["T-1", { id: "T-1", title: "Cannot log in", status: "open", daysSinceUpdate: 2 }],
  ["T-2", { id: "T-2", title: "Invoice shows the wrong total", status: "open", daysSinceUpdate: 45 }],
  ["T-3", { id: "T-3", title: "App crashes on start", status: "open", daysSinceUpdate: 10 }],
  ["T-4", { id: "T-4", title: "Password reset email never arrives", status: "open", daysSinceUpdate: 90 }],
  ["T-5", { id: "T-5", title: "Export to CSV is empty", status: "open", daysSinceUpdate: 61 }],
]);

// A ticket nobody touched for this many days is stale.
export const STALE_AFTER_DAYS = 30;

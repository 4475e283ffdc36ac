// The help desk's data. It lives in module state: it stays between calls and starts over on Reset ▾ → Reset data.
export const agents = ["ana", "bo", "chen"] as const;

export type Ticket = { id: string; title: string; customer: string; status: "open" | "closed"; agent?: string };

export const tickets = new Map<string, Ticket>([
  ["T-1", { id: "T-1", title: "Cannot log in", customer: "maria@example.com", status: "open" }],
  ["T-2", { id: "T-2", title: "Invoice shows the wrong total", customer: "li@example.com", status: "open" }],
  ["T-3", { id: "T-3", title: "App crashes on start", customer: "sam@example.com", status: "open" }],
  ["T-4", { id: "T-4", title: "Password reset email never arrives", customer: "noor@example.com", status: "open" }],
]);

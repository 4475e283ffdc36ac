// The help desk's data, in module state: an instance that rebuilds the session starts it over.
export type Ticket = { id: string; title: string; status: "open" | "closed" };

export const tickets = new Map<string, Ticket>([
  ["T-1", { id: "T-1", title: "Cannot log in", status: "open" }],
  ["T-2", { id: "T-2", title: "Invoice shows the wrong total", status: "open" }],
]);

// How many times a call reached this copy of the server (each round counts once).
export const seen = { calls: 0 };

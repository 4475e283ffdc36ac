// The help desk's data. It lives in module state: it stays between calls and starts over on Reset ▾ → Reset data.
export type Ticket = { id: string; title: string; customer: string; status: "open" | "closed" };

export const tickets = new Map<string, Ticket>([
  ["T-1", { id: "T-1", title: "Cannot log in", customer: "maria@example.com", status: "open" }],
  ["T-2", { id: "T-2", title: "Invoice shows the wrong total", customer: "li@example.com", status: "open" }],
]);

// What the billing system shows once the agent has signed in there.
export const invoices = new Map<string, { total: string; lines: number }>([
  ["T-1", { total: "€12.00", lines: 1 }],
  ["T-2", { total: "€249.90", lines: 3 }],
]);

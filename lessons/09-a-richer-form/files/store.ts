// The help desk's data. It lives in module state: it stays between calls and starts over on Reset ▾ → Reset data.
export type Escalation = {
  priority: "p1" | "p2" | "p3";
  area: "billing" | "login" | "api" | "mobile-app";
  customersAffected: number;
  contactEmail?: string;
  outage: boolean;
};
export type Ticket = { id: string; title: string; customer: string; status: "open" | "closed"; escalation?: Escalation };

export const tickets = new Map<string, Ticket>([
  ["T-1", { id: "T-1", title: "Cannot log in", customer: "maria@example.com", status: "open" }],
  ["T-2", { id: "T-2", title: "Invoice shows the wrong total", customer: "li@example.com", status: "open" }],
  ["T-3", { id: "T-3", title: "App crashes on start", customer: "sam@example.com", status: "open" }],
  ["T-4", { id: "T-4", title: "API returns 500 on /orders", customer: "dev@shop.example", status: "open" }],
  ["T-5", { id: "T-5", title: "Push notifications arrive twice", customer: "kim@example.com", status: "open" }],
]);

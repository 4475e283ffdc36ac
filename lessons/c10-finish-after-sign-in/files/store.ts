// The billing desk's data. It lives in module state: it stays between calls and starts over on Reset ▾ → Reset data.
export const invoices = new Map<string, { customer: string; total: string }>([
  ["INV-7", { customer: "li@example.com", total: "€249.90" }],
  ["INV-8", { customer: "maria@example.com", total: "€12.00" }],
]);

// The invoices sent so far, in order.
export const sent: string[] = [];

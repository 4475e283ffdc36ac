// A person's answer to one elicitation, defined once for every side that carries it: the runtime's tools and `mcp`
// fixture inside the sandbox, the server (flows, the 2025-11-25 fallback, test clients) and the page's Call tab.

/** What the person did: sent the form, said no, or closed it without choosing. */
export const ELICIT_ACTIONS = ["accept", "decline", "cancel"] as const;
export type ElicitAction = (typeof ELICIT_ACTIONS)[number];

/** The answer as the wire carries it (the spec's ElicitResult without `_meta`); `content` only with accept. */
export type ElicitAnswer = { action: ElicitAction; content?: Record<string, unknown> };

export const isElicitAction = (value: unknown): value is ElicitAction => (ELICIT_ACTIONS as readonly unknown[]).includes(value);

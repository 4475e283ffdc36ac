// The kinds of client the playground plays, in one table with one set of names for every side: the Call tab's
// picker, the persona a lesson's meta.json names, and the `mcp` fixture of a learner's test (`mcp.as("legacy")`), whose
// clients the host plays. The fixture's names came first and learners' test files use them, so they are the names.

/** What a client declares: the server may only ask in the modes listed here. */
type Capabilities = { elicitation?: { form?: Record<string, never>; url?: Record<string, never> } };

export type PersonaInfo = {
  protocolVersion: "2026-07-28" | "2025-11-25";
  capabilities: Capabilities;
  /** How the picker, the call history and the Wire tab name it. */
  label: string;
  /** The line under the picker that says what calling as this client shows. */
  blurb: string;
};

export const PERSONAS = {
  // `mcp` itself: forms only, so lesson 10's test can show a URL-mode question refused with -32021.
  modern: {
    protocolVersion: "2026-07-28",
    capabilities: { elicitation: { form: {} } },
    label: "2026-07-28 · forms",
    blurb: "A current client: the call answers input_required, you fill the form, the client retries with inputResponses.",
  },
  "modern-with-url": {
    protocolVersion: "2026-07-28",
    capabilities: { elicitation: { form: {}, url: {} } },
    label: "2026-07-28 · forms + URL",
    blurb: "A current client that also opens links: a tool may ask in URL mode, and you choose whether to open the page.",
  },
  "modern-no-elicitation": {
    protocolVersion: "2026-07-28",
    capabilities: {},
    label: "2026-07-28 · no elicitation",
    blurb: "A current client that cannot show forms: a tool that asks gets error -32021.",
  },
  // Round 1 as `modern`; round 2 breaks the rule chosen (contract/misbehaviour.ts), so the server's refusal shows. A
  // rule of 2025-11-25 is broken speaking that revision instead (its `era` in the rule table).
  misbehaving: {
    protocolVersion: "2026-07-28",
    capabilities: { elicitation: { form: {} } },
    label: "either era · breaks a rule",
    blurb: "A client that gets one rule wrong, the one you pick: see what the server answers, and which rule of the spec that answer keeps.",
  },
  legacy: {
    protocolVersion: "2025-11-25",
    capabilities: { elicitation: { form: {} } },
    label: "2025-11-25 · forms",
    blurb: "An older client with a session: the server pushes elicitation/create on the call's own stream.",
  },
  "legacy-with-url": {
    protocolVersion: "2025-11-25",
    capabilities: { elicitation: { form: {}, url: {} } },
    label: "2025-11-25 · forms + URL",
    blurb: "An older client that also opens links: a URL question carries an elicitationId, and the server says when the page is done.",
  },
  "legacy-no-forms": {
    protocolVersion: "2025-11-25",
    capabilities: {},
    label: "2025-11-25 · no forms",
    blurb: "An older client without forms: it sees the sendElicitationResult tool and answers through it.",
  },
} as const satisfies Record<string, PersonaInfo>;

export type PersonaName = keyof typeof PERSONAS;
export const PERSONA_NAMES = Object.keys(PERSONAS) as [PersonaName, ...PersonaName[]];

/** The client the fixture's `mcp` is, and the Call tab's when nothing else was chosen. */
export const DEFAULT_PERSONA: PersonaName = "modern";

export const isPersonaName = (name: unknown): name is PersonaName => typeof name === "string" && Object.hasOwn(PERSONAS, name);

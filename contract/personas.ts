// The kinds of client the playground plays, in one table for every side: the Call tab's picker (and the persona a
// lesson names in its meta.json), the `mcp` fixture a test file uses (`mcp.as("legacy")`), and the host's test
// clients that act for the fixture. The picker and the fixture keep their own names (lessons and learners' tests
// use both), but each client is described once, and `fixture` says which fixture client plays a picker client.

/** What a client declares: the server may only ask in the modes listed here. */
type Capabilities = { elicitation?: { form?: Record<string, never>; url?: Record<string, never> } };
type Client = { protocolVersion: "2026-07-28" | "2025-11-25"; capabilities: Capabilities };

export const FIXTURE_PERSONA_NAMES = ["modern", "modern-no-elicitation", "legacy", "legacy-no-forms"] as const;
export type FixturePersona = (typeof FIXTURE_PERSONA_NAMES)[number];

/** The `mcp` fixture's clients, by the names a learner's test uses (`mcp` itself is `modern`). */
export const FIXTURE_PERSONAS: Record<FixturePersona, Client> = {
  modern: { protocolVersion: "2026-07-28", capabilities: { elicitation: { form: {} } } },
  "modern-no-elicitation": { protocolVersion: "2026-07-28", capabilities: {} },
  legacy: { protocolVersion: "2025-11-25", capabilities: { elicitation: { form: {} } } },
  "legacy-no-forms": { protocolVersion: "2025-11-25", capabilities: {} },
};

/**
 * The Call tab's clients. `fixture`: the fixture client that behaves the same, for "Make this a test"; the
 * picker's current client also declares URL mode, which the fixture's `modern` does not (lesson 10's test relies on
 * `mcp` being forms-only), so its replay is `modern` and a URL-mode question would need `_meta` of its own.
 */
export const PERSONA_IDS = ["2026-forms", "2026-none", "2025-forms", "2025-none"] as const;
export type PersonaId = (typeof PERSONA_IDS)[number];

export const PICKER_PERSONAS: Record<PersonaId, Client & { fixture: FixturePersona }> = {
  "2026-forms": { protocolVersion: "2026-07-28", capabilities: { elicitation: { form: {}, url: {} } }, fixture: "modern" },
  "2026-none": { protocolVersion: "2026-07-28", capabilities: {}, fixture: "modern-no-elicitation" },
  "2025-forms": { protocolVersion: "2025-11-25", capabilities: { elicitation: { form: {} } }, fixture: "legacy" },
  "2025-none": { protocolVersion: "2025-11-25", capabilities: {}, fixture: "legacy-no-forms" },
};

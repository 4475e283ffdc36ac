// The four clients a learner can be, one click apart (PRODUCT.md §7).
// Their ids are the lessons' contract (a lesson names the persona it expects): a type-only import.
import type { PersonaId } from "../../contract/lessons";
export type { PersonaId };

export interface Persona {
  id: PersonaId;
  label: string;
  protocolVersion: "2026-07-28" | "2025-11-25";
  /** What the client declares; the server may only ask in the modes listed here. */
  capabilities: { elicitation?: { form?: Record<string, never>; url?: Record<string, never> } };
  blurb: string;
}

export const personas: Persona[] = [
  {
    id: "2026-forms",
    label: "2026-07-28 · forms + URL",
    protocolVersion: "2026-07-28",
    capabilities: { elicitation: { form: {}, url: {} } },
    blurb: "A current client: the call answers input_required, you fill the form, the client retries with inputResponses.",
  },
  {
    id: "2026-none",
    label: "2026-07-28 · no elicitation",
    protocolVersion: "2026-07-28",
    capabilities: {},
    blurb: "A current client that cannot show forms: a tool that asks gets error -32021.",
  },
  {
    id: "2025-forms",
    label: "2025-11-25 · forms",
    protocolVersion: "2025-11-25",
    capabilities: { elicitation: { form: {} } },
    blurb: "An older client with a session: the server pushes elicitation/create on the call's own stream.",
  },
  {
    id: "2025-none",
    label: "2025-11-25 · no forms",
    protocolVersion: "2025-11-25",
    capabilities: {},
    blurb: "An older client without forms: it sees the sendElicitationResult tool and answers through it.",
  },
];

export const personaById = (id: string): Persona => personas.find((p) => p.id === id) ?? personas[0];

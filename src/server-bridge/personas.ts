// The four clients a learner can be, one click apart (PRODUCT.md §7). What each is (protocol revision, declared
// capabilities) is the contract's one persona table; here they get their labels and the line that explains them.
import { PERSONA_IDS, PICKER_PERSONAS, type PersonaId } from "../../contract/personas";
export type { PersonaId };

export type Persona = (typeof PICKER_PERSONAS)[PersonaId] & { id: PersonaId; label: string; blurb: string };

const WORDS: Record<PersonaId, { label: string; blurb: string }> = {
  "2026-forms": {
    label: "2026-07-28 · forms + URL",
    blurb: "A current client: the call answers input_required, you fill the form, the client retries with inputResponses.",
  },
  "2026-none": { label: "2026-07-28 · no elicitation", blurb: "A current client that cannot show forms: a tool that asks gets error -32021." },
  "2025-forms": {
    label: "2025-11-25 · forms",
    blurb: "An older client with a session: the server pushes elicitation/create on the call's own stream.",
  },
  "2025-none": {
    label: "2025-11-25 · no forms",
    blurb: "An older client without forms: it sees the sendElicitationResult tool and answers through it.",
  },
};

export const personas: Persona[] = PERSONA_IDS.map((id) => ({ id, ...PICKER_PERSONAS[id], ...WORDS[id] }));

export const personaById = (id: string): Persona => personas.find((p) => p.id === id) ?? personas[0];

// The clients a learner can be, one click apart (PRODUCT.md §7): the contract's one persona table, by name, in the
// table's order (the picker's order).
import { PERSONA_NAMES, PERSONAS, type PersonaInfo, type PersonaName } from "../../contract/personas";
export { DEFAULT_PERSONA, type PersonaName } from "../../contract/personas";

export type Persona = PersonaInfo & { name: PersonaName };

export const personas: Persona[] = PERSONA_NAMES.map((name) => ({ name, ...PERSONAS[name] }));

export const personaNamed = (name: PersonaName): Persona => ({ name, ...PERSONAS[name] });

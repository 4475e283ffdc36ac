// The client the Call tab was last set to, kept in localStorage across visits. Pages before December 2026 kept the
// picker's own ids ("2026-forms"); this is the one place they are read, as the persona table's names, so a choice
// made then still opens as the same client. Everything past this module knows only the table's names.
import { isPersonaName, type PersonaName } from "../../../contract/personas";

const KEY = "elicitation-playground:persona";

/** The picker's ids before it used the table's names, each as the client it declared. */
const OLDER_PICKER_IDS: Record<string, PersonaName> = {
  "2026-forms": "modern-with-url",
  "2026-none": "modern-no-elicitation",
  "2025-forms": "legacy",
  "2025-none": "legacy-no-forms",
};

/** A stored value as a persona name: current names as they are, older ids mapped, anything else none. */
export function readStoredPersona(stored: string | null): PersonaName | undefined {
  if (stored === null) return undefined;
  if (isPersonaName(stored)) return stored;
  return Object.hasOwn(OLDER_PICKER_IDS, stored) ? OLDER_PICKER_IDS[stored] : undefined;
}

export function loadPersona(): PersonaName | undefined {
  try {
    return readStoredPersona(localStorage.getItem(KEY));
  } catch {
    return undefined;
  }
}

export function savePersona(persona: PersonaName): void {
  try {
    localStorage.setItem(KEY, persona);
  } catch {
    /* storage unavailable: the choice lasts this visit */
  }
}

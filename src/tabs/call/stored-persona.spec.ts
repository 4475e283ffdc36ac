// The Call tab's remembered client: current names come back as they are, the picker's ids from before it used the
// persona table's names come back as the client they declared, and anything else is no choice at all.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { PERSONAS } from "../../../contract/personas";
import { loadPersona, readStoredPersona, savePersona } from "./stored-persona";

describe("readStoredPersona", () => {
  test("every name of the table reads as itself", () => {
    for (const name of Object.keys(PERSONAS)) expect(readStoredPersona(name)).toBe(name);
  });

  test("an older page's picker id reads as the client with the same protocol and capabilities", () => {
    const older = {
      "2026-forms": ["2026-07-28", { form: {}, url: {} }],
      "2026-none": ["2026-07-28", undefined],
      "2025-forms": ["2025-11-25", { form: {} }],
      "2025-none": ["2025-11-25", undefined],
    };
    for (const [id, [protocolVersion, elicitation]] of Object.entries(older)) {
      const name = readStoredPersona(id);
      expect(name, id).toBeDefined();
      expect(PERSONAS[name!].protocolVersion, id).toBe(protocolVersion);
      expect(PERSONAS[name!].capabilities, id).toEqual(elicitation ? { elicitation } : {});
    }
  });

  test("anything else is no choice", () => {
    for (const value of [null, "", "toString", "__proto__", "MODERN", "2027-forms"]) expect(readStoredPersona(value), String(value)).toBeUndefined();
  });
});

describe("loadPersona and savePersona", () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = new Map();
    vi.stubGlobal("localStorage", { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) });
  });
  afterEach(() => vi.unstubAllGlobals());

  test("a saved choice comes back; an older page's stored id comes back mapped", () => {
    expect(loadPersona()).toBeUndefined();
    savePersona("legacy");
    expect(loadPersona()).toBe("legacy");
    items.set("elicitation-playground:persona", "2026-forms");
    expect(loadPersona()).toBe("modern-with-url");
  });

  test("storage that throws (private mode) is no choice, and saving does not throw", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    });
    expect(loadPersona()).toBeUndefined();
    expect(() => savePersona("modern")).not.toThrow();
  });
});

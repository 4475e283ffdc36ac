// Every use of Ajv's private state, in one place. Written against ajv 8.20.0: an Ajv instance keeps its formats on
// `formats`, its keyword rules on `RULES` (`keywords` by name, `all` with each added keyword's `definition`), its
// schemas on `schemas` and `refs`, and its constructor ends by calling `_addDefaultMetaSchema`. ajv-internals.spec.ts
// checks each against the installed version, so an upgrade that moves one fails there.
import type Ajv from "ajv";

type KeywordDefinition = Parameters<Ajv["addKeyword"]>[0];
type Inner = {
  formats: Record<string, unknown>;
  RULES: { keywords: Record<string, unknown>; all: Record<string, { definition?: KeywordDefinition } | true> };
  schemas: object;
  refs: object;
};
const inner = (ajv: Ajv) => ajv as unknown as Inner;

/** What a compile depends on besides the schema: an Ajv changed since a form was compiled ahead compiles it again. */
export type AjvState = { opts: unknown[]; formats: unknown[]; keywords: string; rules: unknown[]; schemas: string };

export function stateOf(ajv: Ajv): AjvState {
  const { formats, RULES, schemas, refs } = inner(ajv);
  // Every compile of a schema without `$id` files it in `refs` under "" (with Ajv's default `addUsedSchema`; the first
  // adding the key): not a change, as such a schema resolves its refs against itself, so what that entry holds alters
  // no later compile.
  const named = Object.keys(refs).filter((key) => key !== "");
  return {
    opts: Object.entries(ajv.opts).flat(),
    formats: Object.entries(formats).flat(),
    // Names (a keyword declared without a definition has no rule) and rules by identity: a keyword removed and added
    // again keeps its name, not its rule.
    keywords: Object.keys(RULES.keywords).join(),
    rules: Object.entries(RULES.all).flat(),
    schemas: `${Object.keys(schemas).join()}|${named.join()}`,
  };
}

/** The formats an Ajv has, by name (its very format objects). */
export const formatsOf = (ajv: Ajv): Record<string, never> => inner(ajv).formats as Record<string, never>;

/** Adds to `twin` the keywords added to `ajv` after its construction, from their own definitions (ajv-formats adds formatMinimum and the like). */
export function addKeywordsOf(ajv: Ajv, twin: Ajv): void {
  const rules = inner(ajv).RULES.all;
  // Checked one by one: a definition may add several keywords at once.
  for (const name of Object.keys(rules)) {
    const rule = rules[name];
    if (!(name in inner(twin).RULES.all) && rule !== true && rule.definition) twin.addKeyword(rule.definition);
  }
}

/** Calls `note` with every Ajv instance of `AjvClass` as it is made (its constructor ends by adding its meta-schema). */
export function onEveryAjv(AjvClass: typeof Ajv, note: (ajv: Ajv) => void): void {
  const proto = AjvClass.prototype as unknown as Record<string, (this: Ajv) => unknown>;
  const addMeta = proto._addDefaultMetaSchema;
  proto._addDefaultMetaSchema = function noteInstance(this: Ajv) {
    note(this);
    return addMeta.call(this);
  };
}

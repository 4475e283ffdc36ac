// SDK 1.x checks every accepted elicitation answer against its `requestedSchema` with Ajv, and compiles the schema to
// do so (`elicitInput` → `AjvJsonSchemaValidator.getValidator` → `ajv.compile`). Ajv 8 caches compiled schemas by
// object identity, and a tool builds its `requestedSchema` afresh on every call, so each answer compiles again. On a
// host's JIT that is a fraction of a millisecond; QuickJS interprets Ajv's code generator and the code it generates,
// several milliseconds per answer. Here each Ajv instance keeps one compiled validator per schema text (what Ajv 6 did
// with its serialized-schema cache), so the SDK still checks every answer with Ajv and reports Ajv's own errors; only
// the recompilation of a schema it has already compiled is skipped. The SDK's code is unchanged: only Ajv's `compile`
// is wrapped, inside the sandbox's bundle.
//
// Every connection is a fresh instance, though, restored from the image of its server just started, and so would
// compile its form once more, in every instance. So the forms a build's instances compiled are reported
// (`takeNewForms`), and the worker has the next instance of that build, just started, compile them ahead (`warmForms`)
// before it images it again. They are compiled on a twin of each of the server's Ajv instances (the same class, options
// and format objects, nothing else added), so the server's own Ajv is left exactly as a fresh process has it. Its
// `compile` of such a form returns the twin's validator only while its Ajv is still as it was then (the same options,
// formats, keyword rules, schemas and refs); otherwise it compiles as always.
import type Ajv from "ajv";
import { type AjvState, addKeywordsOf, formatsOf, onEveryAjv, stateOf } from "./ajv-internals";
import { MAX_FORM_CHARS, MAX_FORMS_REPORTED } from "../../contract/official-forms";
import { setBounded } from "../bounded-table";

type Compile = Ajv["compile"];
type Validate = ReturnType<Compile>;

/** Enough for every form a server asks; past it the oldest compiled form is dropped. */
const MAX_SCHEMAS_PER_AJV = 64;
/** A process runs one server, so one or two Ajv instances; a file making servers in a loop has only its last few warmed. */
const MAX_WARMED_AJVS = 4;

const compiledBy = new WeakMap<Ajv, Map<string, Validate>>();

/** Accepts JSON data only: a function, RegExp, Date, undefined or class instance means the text would not say it all. */
function jsonOnly(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  if (raw === null || typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean") return value;
  if (typeof raw === "object" && (Array.isArray(raw) || Object.getPrototypeOf(raw) === Object.prototype || Object.getPrototypeOf(raw) === null)) return value;
  throw new TypeError("not JSON data");
}

/** The schema's text, or undefined when it cannot stand for the schema (non-JSON values, cycles, `$id`s). */
export function schemaText(schema: unknown): string | undefined {
  let text: string;
  try {
    text = JSON.stringify({ schema }, jsonOnly);
  } catch {
    return undefined;
  }
  // A schema with an `$id` is registered under it: Ajv refuses a second compile of it, and this must not hide that.
  return text.includes('"$id"') ? undefined : text;
}

function sameState(a: AjvState, b: AjvState): boolean {
  const same = (x: unknown[], y: unknown[]) => x.length === y.length && x.every((value, i) => value === y[i]);
  return a.keywords === b.keywords && a.schemas === b.schemas && same(a.opts, b.opts) && same(a.formats, b.formats) && same(a.rules, b.rules);
}

/** The forms compiled ahead for one of the server's Ajv instances: on its twin, with its state then. */
type Ahead = { state: AjvState; forms: Map<string, Validate> };
const aheadFor = new WeakMap<Ajv, Ahead>();
/** The Ajv instances this process made, newest last (twins excepted). */
const made: Ajv[] = [];
/** Forms compiled for the first time since the last report, as schema texts. */
let newForms: string[] = [];
let makingTwin = false;
let original: Compile | undefined;

/** Wraps `Ajv.prototype.compile` once; every Ajv instance (the SDK's own included) then reuses what it compiled. */
export function cacheAjvCompiles(AjvClass: typeof Ajv): void {
  const compile = AjvClass.prototype.compile;
  original = compile;
  onEveryAjv(AjvClass, (ajv) => {
    if (makingTwin) return;
    made.push(ajv);
    if (made.length > MAX_WARMED_AJVS) made.shift();
  });
  AjvClass.prototype.compile = function cachedCompile(this: Ajv, schema: Parameters<Compile>[0], meta?: boolean) {
    const text = meta ? undefined : schemaText(schema);
    if (text === undefined) return compile.call(this, schema, meta);
    let compiled = compiledBy.get(this);
    if (!compiled) {
      compiled = new Map();
      compiledBy.set(this, compiled);
    }
    const hit = compiled.get(text);
    if (hit) return hit;
    const ahead = aheadFor.get(this);
    const early = ahead?.forms.get(text);
    // A form compiled ahead is this Ajv's from then on, as its own compiles are: later rounds find it without the state check.
    const fromAhead = early && sameState(ahead!.state, stateOf(this));
    const validate = fromAhead ? early : compile.call(this, schema, meta);
    setBounded(compiled, text, validate, MAX_SCHEMAS_PER_AJV);
    if (!fromAhead && newForms.length < MAX_FORMS_REPORTED && text.length <= MAX_FORM_CHARS && !newForms.includes(text)) newForms.push(text);
    return validate;
  } as Compile;
}

/** A new Ajv of `ajv`'s class with its options and its very format objects: what it compiles, `ajv` would. */
function twinOf(ajv: Ajv): Ajv | undefined {
  makingTwin = true;
  let twin: Ajv;
  try {
    twin = new (ajv.constructor as new (opts: Ajv["opts"]) => Ajv)({ ...ajv.opts });
  } finally {
    makingTwin = false;
  }
  const formats = formatsOf(ajv);
  for (const name of Object.keys(formats)) twin.addFormat(name, formats[name]);
  addKeywordsOf(ajv, twin);
  // Schemas added to `ajv` are not copied: such an Ajv is not warmed.
  const mine = stateOf(ajv);
  const its = stateOf(twin);
  return mine.keywords === its.keywords && mine.schemas === its.schemas ? twin : undefined;
}

/** The warm-up's own server is gone once the snapshot is taken: only the learner's Ajv instances are warmed. */
export function forgetMadeAjvs(): void {
  made.length = 0;
  newForms = [];
}

/** The forms compiled for the first time since the last call (the step report carries them to the worker). */
export function takeNewForms(): string[] {
  const taken = newForms;
  newForms = [];
  return taken;
}

/** Compiles `forms` (schema texts) ahead for every Ajv this process made, on twins of them; how many were. */
export function warmForms(forms: string[]): number {
  let warmed = 0;
  for (const ajv of made) {
    const twin = twinOf(ajv);
    if (!twin) continue;
    const ahead: Ahead = aheadFor.get(ajv) ?? { state: stateOf(ajv), forms: new Map() };
    for (const text of forms) {
      if (ahead.forms.has(text)) continue;
      try {
        ahead.forms.set(text, original!.call(twin, (JSON.parse(text) as { schema: Parameters<Compile>[0] }).schema));
        warmed++;
      } catch {
        // A form this Ajv refuses is refused again, as it would have been, when the server asks it.
      }
    }
    aheadFor.set(ajv, ahead);
  }
  return warmed;
}

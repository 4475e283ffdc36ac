// The host's side of the sandbox's entry points: for each kind of VM, the map of entries by name with the argument
// each takes and the result it answers, as the runtime inside declares them (type-only imports, so the runtime that
// produces a shape is the one place it is written). SandboxVm's load and invoke take their argument and answer their
// result through these types, and nothing else calls into a VM, so a wrong name, argument or result is a compile error.
import { type EntryShape, parseJsonText, type ResultFor } from "../../contract/json-text";
import type { OfficialEntryPoints } from "../../runtime/official-sdk/runtime";
import type { EntryPoints as FrontMcpEntryPoints } from "../../runtime/sandbox/entry";
import type { SandboxVm } from "./pool";
import type { VmRuntime } from "./protocol";

type EntryMaps = { frontmcp: FrontMcpEntryPoints; sdk1: OfficialEntryPoints; sdk2: OfficialEntryPoints };
type EntryPointsOf<R extends VmRuntime> = EntryMaps[R];

/** The entries a VM of runtime R has (for a VM whose runtime is not known, only those every runtime has). */
export type EntryName<R extends VmRuntime> = keyof EntryPointsOf<R> & string;

type Shape<R extends VmRuntime, N> = N extends keyof EntryPointsOf<R> ? Extract<EntryPointsOf<R>[N], EntryShape> : never;
export type EntryArgs<R extends VmRuntime, N> = Shape<R, N>["args"];
/** What entry N answers for the argument A (an entry such as `load` answers by the role its argument names). */
export type EntryResult<R extends VmRuntime, N, A> = ResultFor<Shape<R, N>, A>;

/** Invokes an entry and parses its answer: SandboxVm.invoke, for callers that need no look at the text first. */
export async function invokeEntry<R extends VmRuntime, N extends EntryName<R>, A extends EntryArgs<R, N>>(
  vm: SandboxVm<R>,
  name: N,
  args: A,
  timeoutMs: number,
  options?: { awaitsHost?: boolean },
): Promise<EntryResult<R, N, A>> {
  return parseJsonText(await vm.invoke(name, args, timeoutMs, options));
}

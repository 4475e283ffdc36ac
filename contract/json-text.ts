// JSON text that knows what it parses to: the host and the sandbox exchange only text, and this type carries the
// shape across, so what one side writes and the other reads is checked by the compiler on both (see the entry maps,
// runtime/sandbox/entry.ts and runtime/official-sdk/runtime.ts). The brand exists only for the compiler.

declare const parsesTo: unique symbol;

/** The JSON of a T. */
export type JsonText<T> = string & { readonly [parsesTo]: T };

/** A value whose `toString()` is the JSON of a T, written when read (the official-SDK runtime's reports). */
export type LazyJsonText<T> = { toString(): string; readonly [parsesTo]: T };

export const toJsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

export const parseJsonText = <T>(text: JsonText<T>): T => JSON.parse(text) as T;

/** The argument and result of one entry point; an entry whose result depends on its argument lists each pair. */
export type EntryShape = { args: unknown; result: unknown };

/** What a VM answers for an argument of type A: the result of each pair A fits. */
export type ResultFor<E extends EntryShape, A> = E extends { args: infer X; result: infer Y } ? (A extends X ? Y : never) : never;

/** The functions a runtime installs for a map of entry points: JSON text in, typed JSON text out. */
export type EntryFunctions<M extends Record<string, EntryShape>> = {
  [N in keyof M]: (json: string) => JsonText<M[N]["result"]> | LazyJsonText<M[N]["result"]> | Promise<JsonText<M[N]["result"]> | LazyJsonText<M[N]["result"]>>;
};

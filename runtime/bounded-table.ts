// Bounded tables: a Map that keeps at most so many entries and forgets the oldest (Maps iterate in insertion order).
// Used inside the sandbox (runtime/) and by the server, so plain ES2022 with no imports: esbuild bundles it into the
// QuickJS runtimes and Node loads it as it is.

/** Deletes `table`'s oldest entry (the first set, or the first moved to the end) and gives its key; none when empty. */
export function forgetOldest<K, V>(table: Map<K, V>): K | undefined {
  const oldest = table.keys().next();
  if (oldest.done) return undefined;
  table.delete(oldest.value);
  return oldest.value;
}

/** Sets `key`, then forgets the oldest entry if the table holds more than `max`. A key set again keeps its place. */
export function setBounded<K, V>(table: Map<K, V>, key: K, value: V, max: number): void {
  table.set(key, value);
  if (table.size > max) forgetOldest(table);
}

/** As setBounded, but `key` becomes the newest entry even if it was there: the table forgets the least recently set. */
export function setAsNewest<K, V>(table: Map<K, V>, key: K, value: V, max: number): void {
  table.delete(key);
  setBounded(table, key, value, max);
}

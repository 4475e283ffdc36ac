// Copies bytes with the C library's memcpy. When either side is a SharedArrayBuffer, `TypedArray#set` (and
// `Buffer#copy`, which goes through it) moves the bytes word by word with relaxed atomics, since another thread could
// write them meanwhile, which is slower than a plain copy. A Buffer filled with a value of its own length copies it
// once with memcpy, whichever memory either lives in. The sandbox's shared snapshots and images are never written
// while they are copied (a buffer is written only by the worker whose VM it images, before it is sent).

const bytesAt = (array: Uint8Array, at: number, length: number) => Buffer.from(array.buffer, array.byteOffset + at, length);

/** Copies all of `source` into `target` at `at`, like `target.set(source, at)`; nothing past it in `target` is touched. */
export function copyBytes(target: Uint8Array, source: Uint8Array, at = 0): void {
  if (at < 0 || at + source.byteLength > target.byteLength) throw new RangeError(`${source.byteLength} bytes do not fit at ${at} of ${target.byteLength}`);
  // An empty value is an error for Buffer#fill; there is nothing to copy.
  if (source.byteLength === 0) return;
  bytesAt(target, at, source.byteLength).fill(bytesAt(source, 0, source.byteLength));
}

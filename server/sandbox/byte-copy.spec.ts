// copyBytes must be `TypedArray#set` exactly, for every mix of shared and plain memory: Buffer#fill, which it copies
// with, repeats its value to the end of what it fills, so a copy into a longer target must stop at the source's end.
import { describe, expect, test } from "vitest";
import { copyBytes } from "./byte-copy";

const patterned = (buffer: ArrayBufferLike, seed: number) => {
  const bytes = new Uint8Array(buffer);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + seed) & 255;
  return bytes;
};
const kinds = { plain: (n: number) => new ArrayBuffer(n), shared: (n: number) => new SharedArrayBuffer(n) };

describe("copyBytes", () => {
  for (const [from, makeSource] of Object.entries(kinds))
    for (const [into, makeTarget] of Object.entries(kinds))
      test(`from ${from} into ${into} memory: the bytes set() would write, and nothing past them`, () => {
        // A source that is a view into the middle of its buffer, copied to an offset of a longer target.
        const source = patterned(makeSource(20_000), 7).subarray(1_001, 13_293);
        const target = patterned(makeTarget(40_000), 3).subarray(5);
        const expected = new Uint8Array(target);
        expected.set(source, 4_099);
        copyBytes(target, source, 4_099);
        expect(Buffer.from(target).equals(Buffer.from(expected))).toBe(true);
      });

  test("a whole snapshot into a larger memory leaves the rest of it as it was", () => {
    const memory = new Uint8Array(3 * 65_536);
    memory.fill(9);
    const snapshot = patterned(new SharedArrayBuffer(65_536 + 4_096), 1);
    copyBytes(memory, snapshot);
    expect(Buffer.from(memory.subarray(0, snapshot.length)).equals(Buffer.from(snapshot))).toBe(true);
    expect(memory.subarray(snapshot.length).every((b) => b === 9)).toBe(true);
  });

  test("nothing to copy is no copy; a source that does not fit is refused, as set() refuses it", () => {
    const target = new Uint8Array(16).fill(5);
    copyBytes(target, new Uint8Array(0), 16);
    expect(target.every((b) => b === 5)).toBe(true);
    expect(() => copyBytes(target, new Uint8Array(8), 9)).toThrow(RangeError);
    expect(() => target.set(new Uint8Array(8), 9)).toThrow(RangeError);
    expect(target.every((b) => b === 5)).toBe(true);
  });
});

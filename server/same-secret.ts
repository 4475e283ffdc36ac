// One comparison for every secret the server checks against a stored or recomputed one (a room key's hash, a request
// state's binding tag): its time does not tell an attacker how much of a guess was right.
import { timingSafeEqual } from "node:crypto";

/**
 * Whether two secrets are equal, in time that depends only on their length. Their UTF-8 bytes are compared: a string
 * length says nothing of the byte length ("é" is one character and two bytes), and timingSafeEqual throws on
 * buffers of different lengths.
 */
export function sameSecret(a: string, b: string): boolean {
  return sameBytes(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/** Whether two byte strings (a MAC and the one recomputed) are equal, in time that depends only on their length. */
export function sameBytes(x: Uint8Array, y: Uint8Array): boolean {
  return x.byteLength === y.byteLength && timingSafeEqual(x, y);
}

// One comparison for every secret the server checks against a stored or recomputed one (a room key's hash, a request
// state's binding tag): its time does not tell an attacker how much of a guess was right.
import { timingSafeEqual } from "node:crypto";

/**
 * Whether two secrets are equal, in time that depends only on their length. Their UTF-8 bytes are compared: a string
 * length says nothing of the byte length ("é" is one character and two bytes), and timingSafeEqual throws on
 * buffers of different lengths.
 */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.byteLength === y.byteLength && timingSafeEqual(x, y);
}

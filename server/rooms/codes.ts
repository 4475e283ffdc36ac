// Room codes, keys and nicknames: what a person types or reads off a projector, and what proves who they are.
import { createHash, randomBytes, randomInt } from "node:crypto";

/** No 0/O, 1/I/L, 5/S, 2/Z, 8/B: a code read off a projector at the back of a room is typed right the first time. */
export const CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const CODE_LENGTH = 6;
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

export function newRoomCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A typed code, forgiving case, spaces and dashes ("acd-efg"); undefined when it cannot be a room code. */
export function normalizeRoomCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  return CODE_PATTERN.test(code) ? code : undefined;
}

/** 192 random bits, URL-safe. */
export function newKey(): string {
  return randomBytes(24).toString("base64url");
}

/** Keys are stored hashed: a leaked database does not let anyone act as a teacher or learner. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export const NAME_MAX = 40;

/**
 * A nickname as the learner meant it: trimmed, inner whitespace collapsed, control and invisible format characters removed,
 * Unicode-normalized. Markup is kept as typed; every page escapes it. Returns an error sentence for a bad name.
 */
export function cleanNickname(raw: unknown): { name: string } | { error: string } {
  if (typeof raw !== "string") return { error: 'Send your nickname as "name", a string' };
  const name = raw
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/gu, "")
    .replace(/\s+/gu, " ")
    .trim();
  if (name.length === 0) return { error: "Choose a nickname (1 to 40 characters)" };
  if ([...name].length > NAME_MAX) return { error: `A nickname has at most ${NAME_MAX} characters` };
  return { name };
}

/** "Sam", "Sam (2)", "Sam (3)"…: the first of these not taken, kept within the length limit. */
export function withSuffix(name: string, n: number): string {
  if (n <= 1) return name;
  const suffix = ` (${n})`;
  const chars = [...name];
  return chars.slice(0, NAME_MAX - suffix.length).join("") + suffix;
}

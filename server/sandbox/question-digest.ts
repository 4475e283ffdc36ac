// The fingerprint of an elicitation question (runtime/sdk/tool.ts questionDigest asks the host for it): the first 16
// hex digits of the SHA-256 of the question's JSON. A room asks the same few questions of every learner (the same
// lesson, the same challenge) many times each, and each hash is a fresh Hash object and its digest on a worker
// thread. A question already hashed on this thread is answered from a bounded table instead.
import { createHash } from "node:crypto";
import { setBounded } from "../../runtime/bounded-table";

/** At most this many questions are remembered; past it, the one remembered first is forgotten. */
export const REMEMBERED_QUESTIONS = 512;
/** A longer question (a learner's own, long schema) is hashed every time: the table holds lessons' short ones. */
export const REMEMBERED_QUESTION_CHARS = 4096;

const remembered = new Map<string, string>();

export function questionDigest(text: string): string {
  const known = remembered.get(text);
  if (known !== undefined) return known;
  const digest = createHash("sha256").update(text).digest("hex").slice(0, 16);
  if (text.length <= REMEMBERED_QUESTION_CHARS) setBounded(remembered, text, digest, REMEMBERED_QUESTIONS);
  return digest;
}

/** How many questions the table holds (for its spec). */
export const rememberedQuestions = (): number => remembered.size;

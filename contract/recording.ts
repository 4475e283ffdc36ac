// A recorded session, `*.mcp-session.json`: what the playground's Export session writes (src/replay/export.ts, and the
// teacher's view of a learner) and what Open a recording reads back, read-only, with no server. Every file opened is
// hostile until this schema says otherwise: sizes, depth and strings are bounded before anything is shown.
import * as z from "zod";
import { RECORDING_FORMAT, RECORDING_VERSION } from "./recording-format";

const MAX_TEXT = 1024 * 1024;
const text = z.string().max(MAX_TEXT, { error: "a text longer than a megabyte" });
const json = z.unknown();
const headers = z.record(z.string().max(200), z.string().max(8192));
const time = z.number().finite().nonnegative();

const ElicitAnswer = z.strictObject({
  action: z.enum(["accept", "decline", "cancel"]),
  content: z.record(z.string(), json).optional(),
});

const Question = z.strictObject({
  key: text,
  round: z.number().int().nonnegative(),
  via: z.enum(["input_required", "pushed"]),
  mode: z.enum(["form", "url"]),
  message: text,
  requestedSchema: z.record(z.string(), json).optional(),
  url: text.optional(),
});

const Answered = z.strictObject({ question: Question, answer: ElicitAnswer });

const CallBase = {
  seq: z.number().int(),
  tool: text,
  persona: text,
  args: z.record(z.string(), json),
  at: time,
  via: z.literal("sendElicitationResult").optional(),
  /** The Wire card of this call (its `id` in `wire`). */
  groupId: z.number().int().optional(),
  answers: z.array(Answered).max(100),
  /** The rule a `misbehaving` client broke (a key of contract/misbehaviour.ts). */
  broke: z.string().max(64).optional(),
  /** A 2025-11-25 rule's broken POST and the session's answer to it (contract/rule-breaking-transport.ts). */
  brokenPost: z.strictObject({ status: z.number().int(), text }).optional(),
};

/** One finished call as the Call tab showed it: its arguments, every answer the person gave, and how it ended. */
export const RecordedCall = z.discriminatedUnion("kind", [
  z.strictObject({ ...CallBase, kind: z.literal("result"), result: z.record(z.string(), json), rounds: z.number().int().nonnegative() }),
  z.strictObject({ ...CallBase, kind: z.literal("rpc-error"), code: z.number().int(), message: text, data: json.optional() }),
  /** `timedOut`: the client's request timeout ended the call (a person slower than it). */
  z.strictObject({ ...CallBase, kind: z.literal("failure"), message: text, timedOut: z.literal(true).optional() }),
]);
export type RecordedCall = z.infer<typeof RecordedCall>;

/** One HTTP exchange as the Wire tab recorded it, with its times (ms since the epoch, and durations in ms). */
export const RecordedExchange = z.strictObject({
  seq: z.number().int(),
  groupId: z.number().int(),
  startedAt: time,
  durationMs: time.optional(),
  completedMs: time.optional(),
  httpMethod: z.string().max(16),
  url: text,
  requestHeaders: headers,
  requestText: text.optional(),
  requestBody: json.optional(),
  status: z.number().int().optional(),
  responseHeaders: headers,
  responseText: text,
  messages: z.array(json).max(1000),
  state: z.enum(["pending", "streaming", "done", "failed"]),
  error: text.optional(),
});
export type RecordedExchange = z.infer<typeof RecordedExchange>;

/** A Wire card: one call and its rounds, or the connection traffic around calls. */
export const RecordedGroup = z.strictObject({
  id: z.number().int(),
  label: text,
  persona: text,
  lessonId: text,
  lessonTitle: text,
  startedAt: time,
  exchanges: z.array(RecordedExchange).max(1000),
  client: text.optional(),
  outside: z.enum(["call", "other"]).optional(),
});
export type RecordedGroup = z.infer<typeof RecordedGroup>;

export const Recording = z.strictObject({
  format: z.literal(RECORDING_FORMAT),
  version: z.literal(RECORDING_VERSION),
  exportedAt: z.iso.datetime(),
  /** Who exported it: a learner's own page, or a teacher from a learner's read-only view. */
  source: z.enum(["page", "teacher"]),
  lesson: z.strictObject({ id: text, title: text }),
  files: z.record(z.string().max(200), text),
  /** The client kind the Call tab was set to (a name from contract/personas.ts, or a label). */
  persona: text,
  calls: z.array(RecordedCall).max(500),
  wire: z.array(RecordedGroup).max(500),
});
export type Recording = z.infer<typeof Recording>;

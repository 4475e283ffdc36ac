// The teacher's Export session from a learner's read-only view: what the room keeps of that learner (their files and
// last Call, trimmed by their page) as a recording. The learner's page sent it, so every field is read defensively.
import type { LearnerView } from "../../contract/rooms";
import type { RecordedExchange, Recording } from "../../contract/recording";
import { recordingOf } from "./recording-file";

const record = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined);

export function learnerRecording(view: LearnerView): Recording {
  const call = record(view.lastCall);
  const sent = Array.isArray(call.exchanges) ? call.exchanges.map(record) : [];
  const exchanges: RecordedExchange[] = sent.map((x, i) => {
    const request = x.request;
    const status = num(x.status);
    return {
      seq: i + 1,
      groupId: 1,
      startedAt: num(x.startedAt) ?? 0,
      durationMs: num(x.durationMs),
      httpMethod: str(x.method, "POST").slice(0, 16),
      url: str(x.url),
      requestHeaders: {},
      ...(typeof request === "string" ? { requestText: request } : { requestBody: request }),
      status: status === undefined ? undefined : Math.trunc(status),
      responseHeaders: {},
      responseText: "",
      messages: Array.isArray(x.messages) ? x.messages : [],
      state: "done",
    };
  });
  const item = view.item ?? "";
  const wire = exchanges.length
    ? [
        {
          id: 1,
          label: str(call.label, "Last Call"),
          persona: str(call.persona),
          lessonId: item,
          lessonTitle: item,
          startedAt: exchanges[0].startedAt,
          exchanges,
        },
      ]
    : [];
  return recordingOf({
    source: "teacher",
    lesson: { id: item, title: `${view.name} · ${item || "no lesson"}` },
    files: view.files ?? {},
    persona: str(call.persona),
    calls: [],
    wire,
  });
}

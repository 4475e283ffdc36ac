// A recording as a file: its name and its top-level fields, and the browser download that saves it. Shared by the
// learner's own Export session (export.ts) and the teacher's (learner-recording.ts).
import type { Recording } from "../../contract/recording";
import { RECORDING_FORMAT, RECORDING_SUFFIX, RECORDING_VERSION } from "../../contract/recording-format";
import { download } from "../ui/download";

const slug = (s: string) => s.replace(/[^a-z0-9-]+/gi, "-").replace(/^-+|-+$/g, "") || "session";
const stamp = (iso: string) => iso.slice(0, 19).replace(/[:T]/g, "-");

export function recordingFileName(recording: Pick<Recording, "lesson" | "exportedAt">): string {
  return `${slug(recording.lesson.id)}-${stamp(recording.exportedAt)}${RECORDING_SUFFIX}`;
}

type Parts = Omit<Recording, "format" | "version" | "exportedAt">;
export const recordingOf = (parts: Parts): Recording => ({
  format: RECORDING_FORMAT,
  version: RECORDING_VERSION,
  exportedAt: new Date().toISOString(),
  ...parts,
});

export function saveRecording(recording: Recording) {
  download(recordingFileName(recording), JSON.stringify(recording, null, 2));
}

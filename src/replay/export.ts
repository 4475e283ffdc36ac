// Export session: the open lesson, its files, the client kind, every call of the lesson with its answers and result,
// and every Wire exchange of the lesson with its times, as one `*.mcp-session.json` (contract/recording.ts).
import type { Recording, RecordedGroup } from "../../contract/recording";
import { projectStore } from "../project/project-store";
import { wireLog } from "../server-bridge/wire-log";
import { callStore } from "../tabs/call/call-store";
import { recordingOf } from "./recording-file";

/** What this page has of the open lesson, oldest call first. */
export function pageRecording(): Recording {
  const project = projectStore.snapshot();
  const call = callStore.snapshot();
  const lesson = project.lesson ? { id: project.lesson.id, title: project.lesson.title } : { id: "", title: "No lesson" };
  const wire = wireLog.snapshot().groups.filter((g) => g.lessonId === lesson.id) as RecordedGroup[];
  const calls = [...call.history].reverse() as Recording["calls"];
  return recordingOf({ source: "page", lesson, files: { ...project.files }, persona: call.persona, calls, wire });
}

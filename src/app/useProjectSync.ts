// Keeps the open project in step: with this browser's other tabs, and with the backend's copy of the files a moment
// after typing stops (at once when the files were replaced wholesale: a lesson opened, a reset, a share).
import { useEffect } from "react";
import { useProject } from "../project/project-store";
import { tabSync } from "../project/tab-sync";
import { verdictKeeper } from "../lessons/verdict-keeper";
import { sessionKeeper } from "../server-bridge/session";

const SYNC_DELAY_MS = 400;

export function useProjectSync() {
  const project = useProject();
  useEffect(() => {
    tabSync.start();
    verdictKeeper.start();
  }, []);
  useEffect(() => {
    if (!project.lesson) return;
    const files = project.files;
    // The lesson's own starter (opened or reset, not edited): the server has those files, so it is named, not sent.
    const starterOf = files === project.lesson.files ? project.lesson.id : undefined;
    const replaced = project.replacedAt === project.revision;
    const t = setTimeout(() => void sessionKeeper.sync(files, starterOf, replaced).catch(() => undefined), replaced ? 0 : SYNC_DELAY_MS);
    return () => clearTimeout(t);
  }, [project.revision, project.lesson, project.files, project.replacedAt]);
}

// Which page this address is: the author page (?author, with &room= from a room's teacher page), a room's teacher
// page (?room=), its projector (?projector=), the join page (?join=), or the playground itself. These pages load on
// demand, so a learner's first screen carries none of their code.
import { lazy, type ReactNode, Suspense } from "react";

const AuthorPage = lazy(() => import("../authoring/AuthorPage").then((m) => ({ default: m.AuthorPage })));
const JoinPage = lazy(() => import("./JoinPage").then((m) => ({ default: m.JoinPage })));
const ProjectorPage = lazy(() => import("./ProjectorPage").then((m) => ({ default: m.ProjectorPage })));
const TeacherPage = lazy(() => import("./TeacherPage").then((m) => ({ default: m.TeacherPage })));

function pageFor(query: URLSearchParams) {
  if (query.has("author")) return <AuthorPage />;
  if (query.has("room")) return <TeacherPage />;
  if (query.has("projector")) return <ProjectorPage />;
  if (query.has("join")) return <JoinPage />;
  return undefined;
}

export function RoomPage({ fallback }: { fallback: ReactNode }) {
  const page = pageFor(new URLSearchParams(location.search));
  if (!page) return fallback;
  return <Suspense fallback={<p className="p-6 text-sm text-slate-600 dark:text-slate-400">Opening the room…</p>}>{page}</Suspense>;
}

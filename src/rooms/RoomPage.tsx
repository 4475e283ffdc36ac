// Which page this address is: the author page (?author, with &room= from a room's teacher page), a room's teacher
// page (?room=), its projector (?projector=), the join page (?join=), or the playground itself.
import { lazy, Suspense, type ReactNode } from "react";
import { JoinPage } from "./JoinPage";
import { ProjectorPage } from "./ProjectorPage";
import { TeacherPage } from "./TeacherPage";

const AuthorPage = lazy(() => import("../authoring/AuthorPage").then((m) => ({ default: m.AuthorPage })));

export function RoomPage({ fallback }: { fallback: ReactNode }) {
  const query = new URLSearchParams(location.search);
  if (query.has("author"))
    return (
      <Suspense>
        <AuthorPage />
      </Suspense>
    );
  if (query.has("room")) return <TeacherPage />;
  if (query.has("projector")) return <ProjectorPage />;
  if (query.has("join")) return <JoinPage />;
  return fallback;
}

// Which page this address is: a room's teacher page (?room=), its projector (?projector=), the join page (?join=), or
// the playground itself.
import type { ReactNode } from "react";
import { JoinPage } from "./JoinPage";
import { ProjectorPage } from "./ProjectorPage";
import { TeacherPage } from "./TeacherPage";

export function RoomPage({ fallback }: { fallback: ReactNode }) {
  const query = new URLSearchParams(location.search);
  if (query.has("room")) return <TeacherPage />;
  if (query.has("projector")) return <ProjectorPage />;
  if (query.has("join")) return <JoinPage />;
  return fallback;
}

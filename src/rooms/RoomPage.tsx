// Which page this address is: a room's teacher page (?room=), the join page (?join=), or the playground itself.
import type { ReactNode } from "react";
import { JoinPage } from "./JoinPage";
import { TeacherPage } from "./TeacherPage";

export function RoomPage({ fallback }: { fallback: ReactNode }) {
  const query = new URLSearchParams(location.search);
  if (query.has("room")) return <TeacherPage />;
  if (query.has("join")) return <JoinPage />;
  return fallback;
}

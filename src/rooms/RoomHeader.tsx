// What the rooms feature puts in the playground's header: the room corner, and the follower that keeps the page with
// the teacher and reports to the room.
import { useCourse } from "../server-bridge/lessons";
import { RoomBanner } from "./RoomBanner";
import { RoomFollower } from "./RoomFollower";

export function RoomHeader({ lesson }: { lesson: { id?: string; open(id: string): void } }) {
  const lessons = useCourse();
  return (
    <>
      <RoomBanner />
      <RoomFollower lessonId={lesson.id} lessons={lessons.data ?? []} onOpenLesson={lesson.open} />
    </>
  );
}

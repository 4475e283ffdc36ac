// The course as the server serves it: the shipped lessons and challenges of the catalog, and teachers' published
// challenges (a room's, in its menu and board, after the course's own). Learners get an authored challenge's text
// and starter only, as for a shipped one; its checks, hints and solution are material for the check runner.
import type { Lesson, LessonSummary } from "../../contract/lessons";
import type { ChallengeStore, StoredChallenge } from "../authoring/challenge-store";
import { materialOf } from "../authoring/fairness";
import { getChallengeMaterial, getLesson, listLessons, type ChallengeMaterial } from "./catalog";

/** The first paragraph of the text that is not a heading, as the menu's one line. */
function summaryOf(text: string): string {
  const paragraph = text.split(/\n\s*\n/).find((p) => p.trim() && !p.trim().startsWith("#")) ?? "";
  const line = paragraph.replace(/\s+/g, " ").trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

export function authoredSummary({ id, content }: StoredChallenge): LessonSummary {
  return { id, title: content.title, kind: "challenge", summary: summaryOf(content.text), taught: content.title, persona: content.persona };
}

export class Course {
  constructor(readonly authored: ChallengeStore) {}

  /** The course's items in order; with a room, its authored challenges after them. */
  async items(roomCode?: string): Promise<LessonSummary[]> {
    const shipped = await listLessons();
    return roomCode === undefined ? shipped : [...shipped, ...(await this.authored.inRoom(roomCode)).map(authoredSummary)];
  }

  /** One item of a room's course: a shipped one without asking the database, else one of the room's authored challenges. */
  async item(roomCode: string, id: string): Promise<LessonSummary | undefined> {
    const shipped = (await listLessons()).find((i) => i.id === id);
    return shipped ?? (await this.authored.inRoom(roomCode)).map(authoredSummary).find((i) => i.id === id);
  }

  /** What a learner may see of an item: text and starter. An authored challenge only once published. */
  async lesson(id: string): Promise<Lesson | undefined> {
    const shipped = await getLesson(id);
    if (shipped) return shipped;
    const authored = await this.authored.get(id);
    if (authored?.status !== "published") return undefined;
    return { ...authoredSummary(authored), body: authored.content.text, files: authored.content.starter };
  }

  /** The hidden material a Check runs. Never serve it. */
  async material(id: string): Promise<ChallengeMaterial | undefined> {
    const shipped = await getChallengeMaterial(id);
    if (shipped) return shipped;
    const authored = await this.authored.get(id);
    return authored?.status === "published" ? materialOf(authored.content) : undefined;
  }
}

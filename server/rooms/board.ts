// The teacher's board, computed from the room's rows: counts per lesson, challenge and hidden check, and failure clusters.
import type { LessonSummary } from "../lessons/catalog";
import type { LearnerRow, ProgressRow, RoomRow } from "./store";
import type { Board, BoardItem, FailureCluster } from "../../contract/rooms";
import { type ItemState, itemState } from "../../contract/verdicts";

/** A progress row as the one vocabulary of verdicts names it. */
export const stateOf = (p: ProgressRow): ItemState =>
  itemState({ opened: p.opened, tried: p.tried, passesNow: p.passes_now, firstPassedAt: p.first_passed_at?.toISOString() });

export type BoardInput = {
  room: RoomRow;
  /** The course, in order, and each challenge's check names. */
  items: LessonSummary[];
  checkNames: Map<string, string[]>;
  learners: LearnerRow[];
  progress: ProgressRow[];
  current: Map<number, string>;
};

export function buildBoard({ room, items, checkNames, learners, progress, current }: BoardInput): Board {
  const present = learners.filter((l) => !l.left_at);
  const presentIds = new Set(present.map((l) => l.id));
  const rows = progress.filter((p) => presentIds.has(p.learner_id));
  const locked = new Set(room.lead.locked);

  const boardItems: BoardItem[] = items.map((item) => {
    const mine = rows.filter((p) => p.item === item.id);
    const names = checkNames.get(item.id) ?? [];
    return {
      id: item.id,
      title: item.title,
      kind: item.kind,
      opened: mine.filter((p) => p.opened).length,
      tried: mine.filter((p) => p.tried).length,
      passesNow: mine.filter((p) => stateOf(p) === "passes-now").length,
      passedBefore: mine.filter((p) => stateOf(p) === "passed-before").length,
      locked: locked.has(item.id),
      checks: names.map((name) => ({ name, failing: mine.filter((p) => p.failing.includes(name)).length })),
    };
  });

  const clusters = new Map<string, FailureCluster>();
  const add = (kind: FailureCluster["kind"], item: string, text: string, learner: number) => {
    const key = JSON.stringify([kind, item, text]);
    const cluster = clusters.get(key) ?? { kind, item, text, count: 0, learners: [] };
    cluster.count++;
    cluster.learners.push(learner);
    clusters.set(key, cluster);
  };
  for (const p of rows) {
    for (const check of p.failing) add("check", p.item, check, p.learner_id);
    if (p.problem && p.problem_kind) add(p.problem_kind, p.item, p.problem, p.learner_id);
  }

  const states = new Map<number, Record<string, ItemState>>();
  for (const p of rows) states.set(p.learner_id, { ...states.get(p.learner_id), [p.item]: stateOf(p) });
  const count = (id: number, state: ItemState) => Object.values(states.get(id) ?? {}).filter((s) => s === state).length;

  return {
    code: room.code,
    title: room.title,
    createdAt: room.created_at.toISOString(),
    ended: room.ended_at !== null,
    lead: room.lead,
    learners: present.map((l) => ({
      id: l.id,
      name: l.name,
      joinedAt: l.joined_at.toISOString(),
      item: current.get(l.id),
      passesNow: count(l.id, "passes-now"),
      passedBefore: count(l.id, "passed-before"),
      states: states.get(l.id) ?? {},
    })),
    lessons: boardItems.filter((i) => i.kind === "lesson"),
    challenges: boardItems.filter((i) => i.kind === "challenge"),
    // Biggest first: the teacher answers the question twenty people have before the one one person has.
    clusters: [...clusters.values()].sort((a, b) => b.count - a.count || a.item.localeCompare(b.item) || a.text.localeCompare(b.text)),
  };
}

// The teacher's board, computed from the room's rows: counts per lesson, challenge and hidden check, the grid of
// learners against items with stuck marks, failure clusters by cause, the help queue and the results so far.
import type { LessonSummary } from "../lessons/catalog";
import { clustersByCause } from "./clusters";
import type { LearnerRow, ProgressRow, RoomRow } from "./store";
import type { Board, BoardItem, BoardLearner, ChallengeResult, ProjectorBoard } from "../../contract/rooms";
import { type ItemState, itemState } from "../../contract/verdicts";

/** How long a try without passing, or a silence, makes a learner stuck. */
export type StuckRule = { tryingMs: number; idleMs: number };

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
  /** Per item, the attempts of each present learner who checked it. */
  attempts: Map<string, number[]>;
  now: Date;
  stuck: StuckRule;
  maxLearners: number;
  resultsMs: number;
};

const median = (sorted: number[]) =>
  sorted.length === 0 ? null : sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;

export function buildBoard(input: BoardInput): Board {
  const { room, items, checkNames, learners, progress, current, now } = input;
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
      hintsRevealed: mine.reduce((sum, p) => sum + p.hints_revealed, 0),
    };
  });

  const states = new Map<number, Record<string, ItemState>>();
  for (const p of rows) {
    const mine = states.get(p.learner_id) ?? {};
    mine[p.item] = stateOf(p);
    states.set(p.learner_id, mine);
  }
  const count = (id: number, state: ItemState) => Object.values(states.get(id) ?? {}).filter((s) => s === state).length;

  const isStuck = (l: LearnerRow): boolean => {
    if (room.ended_at) return false;
    const idleSince = (l.last_active_at ?? l.joined_at).getTime();
    if (now.getTime() - idleSince >= input.stuck.idleMs) return true;
    if (!l.trying_item || !l.trying_since) return false;
    return states.get(l.id)?.[l.trying_item] !== "passes-now" && now.getTime() - l.trying_since.getTime() >= input.stuck.tryingMs;
  };

  const boardLearners: BoardLearner[] = present.map((l) => ({
    id: l.id,
    name: l.name,
    joinedAt: l.joined_at.toISOString(),
    item: current.get(l.id),
    passesNow: count(l.id, "passes-now"),
    passedBefore: count(l.id, "passed-before"),
    items: states.get(l.id) ?? {},
    hintsRevealed: Object.fromEntries(rows.filter((p) => p.learner_id === l.id && p.hints_revealed > 0).map((p) => [p.item, p.hints_revealed])),
    lastActiveAt: (l.last_active_at ?? l.joined_at).toISOString(),
    stuck: isStuck(l),
  }));

  const results: ChallengeResult[] = boardItems
    .filter((i) => i.kind === "challenge")
    .map((i) => {
      const mine = rows.filter((p) => p.item === i.id);
      return {
        id: i.id,
        title: i.title,
        passedNow: mine.filter((p) => p.passes_now).length,
        passedEver: mine.filter((p) => p.first_passed_at !== null).length,
        tried: i.tried,
        medianAttempts: median(input.attempts.get(i.id) ?? []),
      };
    });

  return {
    code: room.code,
    title: room.title,
    createdAt: room.created_at.toISOString(),
    ended: room.ended_at !== null,
    ...(room.ended_at && { endedAt: room.ended_at.toISOString(), resultsUntil: new Date(room.ended_at.getTime() + input.resultsMs).toISOString() }),
    joinsOpen: room.joins_open,
    hintsAlways: room.hints_always,
    maxLearners: input.maxLearners,
    lead: room.lead,
    learners: boardLearners,
    lessons: boardItems.filter((i) => i.kind === "lesson"),
    challenges: boardItems.filter((i) => i.kind === "challenge"),
    clusters: clustersByCause(rows, present),
    hands: present
      .filter((l) => l.hand_raised_at)
      .sort((a, b) => a.hand_raised_at!.getTime() - b.hand_raised_at!.getTime() || a.id - b.id)
      .map((l) => ({ learner: l.id, name: l.name, text: l.hand_text ?? "", at: l.hand_raised_at!.toISOString(), item: current.get(l.id) })),
    results,
  };
}

/** The projector's share of a board: counts only, no names and no learner ids. */
export function projectorBoard(board: Board): ProjectorBoard {
  return {
    code: board.code,
    title: board.title,
    ended: board.ended,
    joinsOpen: board.joinsOpen,
    learners: board.learners.length,
    items: [...board.lessons, ...board.challenges].map(({ id, title, kind, opened, tried, passesNow, passedBefore, locked }) => ({
      id,
      title,
      kind,
      opened,
      tried,
      passesNow,
      passedBefore,
      locked,
    })),
    results: board.results,
  };
}

// For authoring tests: a shipped challenge as a teacher's draft (its text, starter, checks, hints and solution), and
// the /api/challenges calls with an author key.
import type { ChallengeDraftInput } from "../../contract/challenges";
import type { Playground } from "../app";
import { getChallengeMaterial, getLesson } from "../lessons/catalog";
import { api } from "./harness";
import { bearer } from "./rooms";

export async function shippedDraft(id: string): Promise<Required<ChallengeDraftInput>> {
  const lesson = await getLesson(id);
  const material = await getChallengeMaterial(id);
  if (!lesson || !material) throw new Error(`no challenge ${id}`);
  return {
    title: `${lesson.title} (our copy)`,
    text: lesson.body,
    persona: lesson.persona,
    starter: lesson.files,
    checks: material.checks,
    hints: material.hints,
    solution: material.solution,
    broken: {},
  };
}

export const saveChallenge = (pg: Playground, draft: unknown) => api(pg, "POST", "/api/challenges", draft);
export const putChallenge = (pg: Playground, id: string, key: string, draft: unknown) => api(pg, "PUT", `/api/challenges/${id}`, draft, bearer(key));
export const getChallenge = (pg: Playground, id: string, key?: string) => api(pg, "GET", `/api/challenges/${id}`, undefined, key ? bearer(key) : {});

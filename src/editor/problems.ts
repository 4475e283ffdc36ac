// The one list of problems in the learner's code: the backend's compile diagnostics plus the TypeScript checker's
// errors from Monaco (once it has loaded). The editor's status bar and the Tests tab both count this list.
import { useSyncExternalStore } from "react";
import { useSession } from "../server-bridge/session";

export interface Problem {
  file: string;
  line: number;
  column: number;
  message: string;
  source: "compile" | "types";
}

let typeProblems: Problem[] = [];
const listeners = new Set<() => void>();

export function setTypeProblems(list: Problem[]) {
  typeProblems = list;
  for (const l of listeners) l();
}

function useTypeProblems(): Problem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => typeProblems,
  );
}

/** Compile problems first; a type error on a line the compiler already reports is the same mistake, counted once. */
export function problemList(compile: Omit<Problem, "source">[], types: Problem[]): Problem[] {
  const reported = new Set(compile.map((d) => `${d.file}:${d.line}`));
  return [...compile.map((d) => ({ ...d, source: "compile" as const })), ...types.filter((t) => !reported.has(`${t.file}:${t.line}`))];
}

export function useProblems(): Problem[] {
  return problemList(useSession().diagnostics, useTypeProblems());
}

/** "1 problem", "3 problems": how both counts are worded. */
export const problemCount = (n: number) => `${n} problem${n === 1 ? "" : "s"}`;

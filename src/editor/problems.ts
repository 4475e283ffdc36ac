// Problems shown under the editor: the backend's compile diagnostics plus the TypeScript
// checker's errors from Monaco (once it has loaded).
import { useSyncExternalStore } from "react";

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

export function useTypeProblems(): Problem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => typeProblems,
  );
}

// Running the project's tests and a challenge's hidden checks: both are react-query mutations,
// so the tab gets pending state and errors for free.
import { useMutation } from "@tanstack/react-query";
import { requestJson, type ProjectFiles } from "./http";
import { sessionKeeper } from "./session";

interface TestFailure {
  message: string;
  expected?: unknown;
  actual?: unknown;
  diff?: string;
  line?: number;
}

export interface TestCaseResult {
  file: string;
  name: string;
  status: "passed" | "failed" | "skipped";
  durationMs: number;
  error?: TestFailure;
  logs?: unknown[];
}

export interface TestRun {
  passed: number;
  failed: number;
  skipped: number;
  durationMs: number;
  tests: TestCaseResult[];
  logs: unknown[];
}

export interface CheckRun {
  passed: boolean;
  checks: { name: string; passed: boolean; message?: string }[];
}

export function useRunTests() {
  return useMutation({
    mutationKey: ["tests"],
    mutationFn: async (files: ProjectFiles) =>
      sessionKeeper.withSession(files, (id) => requestJson<TestRun>("POST", `/api/sessions/${id}/tests`, {})),
  });
}

export function useCheckChallenge() {
  return useMutation({
    mutationKey: ["check"],
    mutationFn: ({ challengeId, files }: { challengeId: string; files: ProjectFiles }) =>
      requestJson<CheckRun>("POST", `/api/challenges/${encodeURIComponent(challengeId)}/check`, { files }),
  });
}

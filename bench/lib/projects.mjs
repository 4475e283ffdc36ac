// What a bench learner works on: a lesson with its tests (how many pass), its elicitation flow, and a challenge.
// `frontmcp` is lesson 06 and challenge c1; `official` is lesson 14's SDK 1.x support desk and challenge c8, whose
// flow is a 2025-11-25 session of the 1.32 client, since an SDK 1.x server speaks nothing newer.
import { confirmFlow, escalateFlow } from "./api.mjs";

export const PROJECTS = {
  frontmcp: { lesson: "06-testing-a-tool-that-asks", tests: 3, flow: (mcpUrl) => confirmFlow(mcpUrl, "T-1"), challenge: "c1-confirm-before-deleting" },
  official: {
    lesson: "14-a-checklist-for-the-support-desk",
    tests: 5,
    flow: (mcpUrl) => escalateFlow(mcpUrl, "T-1042"),
    challenge: "c8-support-desk-every-answer",
  },
};

/** A lesson's test run must pass all of the project's tests. */
export function expectTestsPassed(project, report) {
  if (report.passed !== project.tests || report.failed !== 0) throw new Error(`tests: ${report.passed} passed, ${report.failed} failed`);
}

/** A check of the challenge's starter files must fail, and of its solution must pass. */
export function expectVerdict(report, passed) {
  if (report.passed === passed) return;
  if (passed) throw new Error(`the solution failed: ${JSON.stringify(report.checks?.filter((c) => !c.passed))}`);
  throw new Error("the starter files passed the challenge");
}

/** `--official` picks the official-SDK project. */
export const projectFor = (args) => (args.official ? PROJECTS.official : PROJECTS.frontmcp);

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

/** `--official` picks the official-SDK project. */
export const projectFor = (args) => (args.official ? PROJECTS.official : PROJECTS.frontmcp);

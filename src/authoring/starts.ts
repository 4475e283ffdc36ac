// What a new challenge starts from besides a copy of a shipped one: a lesson's project on either runtime, with a
// first check to change.
import type { ChallengeDraftInput } from "../server-bridge/challenges";

export const STARTS = [
  { label: "Lesson 1's project (FrontMCP)", lesson: "01-acts-without-asking" },
  { label: "Lesson 13's project (official SDK)", lesson: "13-support-desk-on-the-official-sdk" },
];

const FIRST_CHECK = `import { expect, test } from "@frontmcp/testing";

// Each test is one check; its name is what the learner reads. Reach the tool only over MCP, as a client does.
test("Lists at least one tool", async ({ mcp }) => {
  const tools = await mcp.tools.list();
  expect(tools.length).toBeGreaterThan(0);
});
`;

export function blankDraft(): Required<ChallengeDraftInput> {
  return {
    title: "",
    text: "# Challenge: \n\nSay what the tool does now, and what it should do.\n\n**Try it first:** call the tool.\n",
    persona: "modern",
    starter: {},
    checks: { "checks.test.ts": FIRST_CHECK },
    hints: {},
    solution: {},
    broken: {},
  };
}

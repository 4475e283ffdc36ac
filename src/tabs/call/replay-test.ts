// "Make this a test": a finished call from the Call tab written as a *.test.ts for
// @frontmcp/testing. The test calls the same tool with the same arguments, as the same kind of
// client, answers each question the way the person did (mcp.onElicitation) and expects the
// result that came back. Pure, so the generated text is unit-tested.
import { DEFAULT_PERSONA } from "../../../contract/personas";
import type { FinishedCall } from "./call-store";

const json = (v: unknown, indent = "  ") => JSON.stringify(v, null, 2).replace(/\n/g, `\n${indent}`);
const kebab = (tool: string) =>
  tool
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase() || "tool";

/** Why a call cannot be replayed, or undefined when it can. */
export function cannotReplay(call: FinishedCall): string | undefined {
  if (call.kind === "failure") return "The call did not finish with a result or an error to expect.";
  if (call.via) return "Calls answered through sendElicitationResult need two tool calls; write that test by hand (lesson 7 shows how).";
  return undefined;
}

/** A file name not yet taken: `close-ticket.replay.test.ts`, then `…replay-2.test.ts`. */
export function replayFileName(tool: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  const base = kebab(tool);
  for (let n = 1; ; n++) {
    const name = `${base}.replay${n === 1 ? "" : `-${n}`}.test.ts`;
    if (!names.has(name)) return name;
  }
}

export function replayTest(call: FinishedCall): string {
  // The Call tab's personas are the fixture's clients, by the same names; `mcp` itself is the default one.
  const persona = call.persona;
  const client = persona === DEFAULT_PERSONA ? "mcp" : `mcp.as(${JSON.stringify(persona)})`;
  const answers = call.answers.map(({ question, answer }) => ({ message: question.message, answer }));
  const lines = [
    `import { expect, test } from "@frontmcp/testing";`,
    ``,
    `// Made from a call in the Call tab (${new Date(call.at).toISOString().slice(0, 16).replace("T", " ")} UTC): it calls ${call.tool} again with the`,
    `// same arguments as a "${persona}" client, answers each question the way you did, and expects what came back.`,
    `// The test's server starts fresh: if your call relied on earlier calls, adjust the expectation.`,
    `test(${JSON.stringify(`${call.tool} answers as it did in the Call tab`)}, async ({ mcp }) => {`,
    `  const client = ${client};`,
  ];
  if (answers.length) {
    lines.push(
      `  const answers = ${json(answers)};`,
      `  const asked: string[] = [];`,
      `  client.onElicitation((request) => {`,
      `    asked.push(request.message);`,
      `    const next = answers[asked.length - 1];`,
      `    return next ? next.answer : { action: "cancel" };`,
      `  });`,
      ``,
    );
  }
  lines.push(`  const result = await client.tools.call(${JSON.stringify(call.tool)}, ${json(call.args)});`, ``);
  if (answers.length) lines.push(`  expect(asked).toEqual(answers.map((a) => a.message));`);
  if (call.kind === "rpc-error") {
    lines.push(`  expect(result.error?.code).toBe(${call.code});`);
  } else if (call.kind === "result") {
    const r = call.result;
    lines.push(`  expect(result.isError).toBe(${r.isError === true});`);
    lines.push(`  expect(result.raw.content).toEqual(${json(r.content ?? [])});`);
    if (r.structuredContent !== undefined) lines.push(`  expect(result.raw.structuredContent).toEqual(${json(r.structuredContent)});`);
  }
  lines.push(`});`, ``);
  return lines.join("\n");
}

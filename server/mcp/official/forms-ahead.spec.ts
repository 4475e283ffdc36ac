// The forms an official-SDK build's servers compiled are compiled ahead in its later instances (worker.ts
// formsOfBuild, runtime/official-sdk/ajv-compile-cache.ts): each instance is still a fresh process from its started
// image, the SDK still checks every answer with Ajv (an answer the form refuses is refused, with Ajv's message), and
// an instance whose Ajv the learner's code changed compiles the form again. What a step compiled for the first time
// is in its report (`forms`), read here from the VM's own replies.
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { StepReport } from "../../../runtime/official-sdk/runtime";
import { compileProject, type CompiledProject } from "../../compile/compile";
import { invokeEntry } from "../../sandbox/entry-points";
import { SandboxPool } from "../../sandbox/pool";

const server = (beforeAsking = "") => `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "desk", version: "1.0.0" });
server.registerTool("ask", {}, async () => {
  ${beforeAsking}
  const answer = await server.server.elicitInput({
    message: "Who should hear about it?",
    requestedSchema: {
      type: "object",
      properties: { contactEmail: { type: "string", format: "email" }, priority: { type: "string", enum: ["p1", "p2"] } },
      required: ["priority"],
    },
  });
  return { content: [{ type: "text", text: answer.action + " " + JSON.stringify(answer.content) }] };
});
await server.connect(new StdioServerTransport());
`;

let pool: SandboxPool;
beforeAll(async () => {
  // One worker, so every instance of a build meets the image that worker keeps.
  pool = await SandboxPool.start({ workers: 1, memoryMB: 64, stackBytes: 512 * 1024, watchdogGraceMs: 2000, loadCacheMB: 32 });
});
afterAll(() => pool?.close());

async function build(code: string): Promise<CompiledProject> {
  const compiled = await compileProject({ "src/server.ts": code });
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.diagnostics));
  return compiled.project;
}

/** One instance, as OfficialInstance runs it: start, initialize, call `ask`, answer its form with `content`. */
async function oneCall(project: CompiledProject, content: Record<string, unknown>) {
  const vm = await pool.open({ runtime: project.runtime as "sdk1", keepState: true });
  try {
    await vm.load(
      project.files.map((f) => ({ file: f.file, code: f.code, module: f.module })),
      { entries: ["src/server.ts"], lineMaps: project.lineMaps },
      10_000,
    );
    const start = await invokeEntry(vm, "start", {}, 10_000);
    expect(start.ok).toBe(true);
    const deliver = (message: JSONRPCMessage): Promise<StepReport> => invokeEntry(vm, "deliver", message, 5_000);
    await deliver({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: { elicitation: {} }, clientInfo: { name: "t", version: "1" } },
    });
    await deliver({ jsonrpc: "2.0", method: "notifications/initialized" });
    const asked = await deliver({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "ask", arguments: {} } });
    const question = asked.outbox.find((o) => "method" in o.message && o.message.method === "elicitation/create")!.message as { id: number };
    const answered = await deliver({ jsonrpc: "2.0", id: question.id, result: { action: "accept", content } });
    type CallResult = { result: { content: Array<{ text: string }>; isError?: boolean } };
    const result = answered.outbox.find((o) => "id" in o.message && o.message.id === 2)!.message as unknown as CallResult;
    return { compiled: answered.forms ?? [], text: result.result.content[0].text, isError: result.result.isError === true };
  } finally {
    await vm.close();
  }
}

describe("forms compiled ahead", () => {
  test("a build's later instances find its form compiled, and still check every answer with it", async () => {
    const project = await build(server());
    // The first instance starts from scratch and compiles the form as it answers; its report says so.
    const first = await oneCall(project, { priority: "p1" });
    expect(first).toMatchObject({ text: 'accept {"priority":"p1"}', isError: false });
    expect(first.compiled).toHaveLength(1);
    expect(JSON.parse(first.compiled[0]).schema.required).toEqual(["priority"]);
    // The second is the one imaged as it starts: it compiles the form ahead first, and so do all from its image.
    for (let i = 0; i < 2; i++) expect((await oneCall(project, { priority: "p2" })).compiled).toEqual([]);
    const later = await oneCall(project, { priority: "p2", contactEmail: "ann@example.com" });
    expect(later).toEqual({ compiled: [], text: 'accept {"priority":"p2","contactEmail":"ann@example.com"}', isError: false });
    // The SDK still refuses an answer the form does not allow, with Ajv's message, in an instance that compiled nothing.
    const refused = await oneCall(project, { priority: "p1", contactEmail: "ann@example" });
    expect(refused.compiled).toEqual([]);
    expect(refused).toMatchObject({ isError: true, text: expect.stringContaining('data/contactEmail must match format "email"') });
  });

  test("an instance whose code changed its Ajv before asking compiles the form again, and that Ajv decides", async () => {
    // The learner's code replaces the email format on its server's own Ajv: a form compiled ahead must not hide that.
    const project = await build(server('server.server._jsonSchemaValidator._ajv.addFormat("email", /^[^@]+@example$/);'));
    for (let i = 0; i < 3; i++) await oneCall(project, { priority: "p1" });
    const changed = await oneCall(project, { priority: "p1", contactEmail: "ann@example" });
    expect(changed).toMatchObject({ text: 'accept {"priority":"p1","contactEmail":"ann@example"}', isError: false });
    expect(changed.compiled).toHaveLength(1);
  });
});

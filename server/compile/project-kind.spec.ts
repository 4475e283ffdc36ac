// Which runtime a project gets, and what a learner reads when an import is not available: the real cause first.
import { describe, expect, test } from "vitest";
import { compileProject } from "./compile";

const V1_SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { tickets } from "./store.js";
const server = new McpServer({ name: "s", version: "1.0.0" });
await server.connect(new StdioServerTransport());
`;

describe("official-SDK projects compile as ES modules", () => {
  test("a 1.x server with top-level await and a ./store.js import of store.ts compiles for the sdk1 runtime", async () => {
    const out = await compileProject({ "src/server.ts": V1_SERVER, "src/store.ts": "export const tickets = new Map();" });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.project.runtime).toBe("sdk1");
    expect(out.project.files.every((f) => f.module)).toBe(true);
  });

  test("a 2.x server gets the sdk2 runtime; its test files stay in the test runtime", async () => {
    const out = await compileProject({
      "server.ts":
        'import { McpServer } from "@modelcontextprotocol/server";\nimport { serveStdio } from "@modelcontextprotocol/server/stdio";\nserveStdio(() => new McpServer({ name: "s", version: "1" }));',
      "s.test.ts": 'import { test } from "@frontmcp/testing";\ntest("x", async () => {});',
    });
    expect(out.ok && out.project.runtime).toBe("sdk2");
    if (out.ok) expect(out.project.files.find((f) => f.file === "s.test.ts")?.module).toBeUndefined();
  });

  test("an SDK module the sandbox does not provide is named, with what may be imported", async () => {
    const source = V1_SERVER.replace(
      'import { tickets } from "./store.js";',
      'import { Client } from "@modelcontextprotocol/sdk/client/index.js";\nnew Client({ name: "c", version: "1" });',
    );
    const out = await compileProject({ "src/server.ts": source });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.diagnostics[0]).toMatchObject({ file: "src/server.ts", line: 3 });
    expect(out.diagnostics[0].message).toBe(
      'The module "@modelcontextprotocol/sdk/client/index.js" is not available in the playground: a server on the official SDK 1.x may import @modelcontextprotocol/sdk/server/mcp.js, @modelcontextprotocol/sdk/server/stdio.js, @modelcontextprotocol/sdk/server/index.js, @modelcontextprotocol/sdk/types.js, zod, zod/v4, @playground/outside and the project\'s own files',
    );
  });

  test("a project on both SDKs is refused in one sentence", async () => {
    const out = await compileProject({
      "a.ts": V1_SERVER.replace('import { tickets } from "./store.js";', ""),
      "b.ts": 'import { McpServer } from "@modelcontextprotocol/server";',
    });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.diagnostics[0].message).toMatch(/imports both SDK 1.x .* and SDK 2.x/);
  });
});

describe("an unavailable import is named before any syntax note about it", () => {
  test("a FrontMCP-shaped file importing express with top-level await: the import comes first, then the await", async () => {
    const out = await compileProject({ "server.ts": 'import express from "express";\nconst app = express();\nawait app.listen(3000);\n' });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.diagnostics[0]).toMatchObject({
      file: "server.ts",
      line: 1,
      message: expect.stringContaining('The module "express" is not available in the playground'),
    });
    expect(out.diagnostics[1].message).toMatch(/Top-level await/);
  });
});

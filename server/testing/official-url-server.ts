// For specs: lesson 13's URL-mode tool (the block of its lesson text) as a whole SDK 1.x stdio server, unchanged.
import { readFile } from "node:fs/promises";

const LESSON = new URL("../../lessons/13-support-desk-on-the-official-sdk/lesson.md", import.meta.url);

export async function lessonUrlModeServer(): Promise<string> {
  const text = await readFile(LESSON, "utf8");
  const block = /```ts\n\/\/ import \{ outsidePage \} from "@playground\/outside";\n([\s\S]*?)```/.exec(text)?.[1];
  if (!block) throw new Error("lesson 13 has no URL-mode block");
  return `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { outsidePage } from "@playground/outside";
import { z } from "zod";

const server = new McpServer({ name: "billing", version: "1.0.0" });
${block}
await server.connect(new StdioServerTransport());
`;
}

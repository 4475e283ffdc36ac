import { describe, expect, test } from "vitest";
import { connectSnippets } from "./snippets";

const URL_ = "http://127.0.0.1:5173/mcp/abc";
const byId = Object.fromEntries(connectSnippets(URL_).map((s) => [s.id, s]));

describe("Connect panel snippets", () => {
  test("Claude Code adds the server over HTTP", () => {
    expect(byId["claude-code"].text).toBe(`claude mcp add --transport http elicitation-playground ${URL_}`);
  });

  test("VS Code's file has a top-level servers key; .mcp.json and Cursor's use mcpServers", () => {
    expect(JSON.parse(byId.vscode.text)).toEqual({ servers: { "elicitation-playground": { type: "http", url: URL_ } } });
    expect(JSON.parse(byId["mcp-json"].text)).toEqual({ mcpServers: { "elicitation-playground": { type: "http", url: URL_ } } });
    expect(JSON.parse(byId.cursor.text)).toEqual({ mcpServers: { "elicitation-playground": { url: URL_ } } });
  });

  test("the Inspector names a protocol era, and stdio-only clients start mcp-remote with npx -y", () => {
    expect(byId.inspector.text).toContain("--protocol-era");
    expect(JSON.parse(byId["mcp-remote"].text).mcpServers["elicitation-playground"]).toEqual({
      command: "npx",
      args: ["-y", "mcp-remote", URL_, "--transport", "http-only"],
    });
  });
});

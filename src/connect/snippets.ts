// What the Connect panel offers to copy: a client's command or configuration file for the learner's MCP URL.
// VS Code reads `servers` in .vscode/mcp.json; Claude Code's .mcp.json and Cursor's .cursor/mcp.json read `mcpServers`.

export type ConnectSnippet = { id: string; title: string; note?: string; text: string };

const NAME = "elicitation-playground";
const json = (value: unknown) => JSON.stringify(value, null, 2);

export function connectSnippets(url: string): ConnectSnippet[] {
  const bridge = ["-y", "mcp-remote", url, "--transport", "http-only"];
  return [
    { id: "url", title: "MCP URL (Streamable HTTP)", text: url },
    { id: "claude-code", title: "Claude Code", note: "Negotiates 2026-07-28 first.", text: `claude mcp add --transport http ${NAME} ${url}` },
    {
      id: "mcp-json",
      title: ".mcp.json (Claude Code, project scope)",
      note: "Claude Code asks you to approve a project's .mcp.json before it connects; until then `claude mcp list` shows the server as pending.",
      text: json({ mcpServers: { [NAME]: { type: "http", url } } }),
    },
    { id: "vscode", title: "VS Code: .vscode/mcp.json", text: json({ servers: { [NAME]: { type: "http", url } } }) },
    { id: "cursor", title: "Cursor: .cursor/mcp.json", text: json({ mcpServers: { [NAME]: { url } } }) },
    {
      id: "inspector",
      title: "MCP Inspector",
      note: "Needs Node 22.19 or later. --protocol-era: modern (2026-07-28), legacy (2025-11-25) or auto.",
      text: `npx @modelcontextprotocol/inspector --transport http --server-url ${url} --protocol-era auto`,
    },
    {
      id: "mcp-remote",
      title: "A stdio-only client, through mcp-remote",
      note: "mcp-remote is a maintained stdio-to-HTTP bridge; put this in the client's configuration as the command to start.",
      text: json({ mcpServers: { [NAME]: { command: "npx", args: bridge } } }),
    },
  ];
}

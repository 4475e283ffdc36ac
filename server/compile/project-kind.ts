// Which runtime a project needs, from what its server files import: FrontMCP, or the official SDK 1.x or 2.x.
import { OUTSIDE_MODULE } from "../../contract/outside";
import type { VmRuntime } from "../sandbox/protocol";
import type { Diagnostic, ProjectFiles } from "./project-files";
import { isTestFile } from "./project-files";

/** The modules each official runtime provides, as a project imports them (see runtime/official-sdk/entry-*.ts). */
export const OFFICIAL_MODULES: Record<"sdk1" | "sdk2", readonly string[]> = {
  sdk1: [
    "@modelcontextprotocol/sdk/server/mcp.js",
    "@modelcontextprotocol/sdk/server/stdio.js",
    "@modelcontextprotocol/sdk/server/index.js",
    "@modelcontextprotocol/sdk/types.js",
    "zod",
    "zod/v4",
    OUTSIDE_MODULE,
  ],
  sdk2: ["@modelcontextprotocol/server", "@modelcontextprotocol/server/stdio", "zod", "zod/v4", OUTSIDE_MODULE],
};

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(["'])(@modelcontextprotocol\/[^"'\s]+)\1/g;

/** Decided on the raw sources, so the choice (and so the module format) is known before anything is compiled. */
export function projectRuntime(files: ProjectFiles): { runtime: VmRuntime } | { diagnostics: Diagnostic[] } {
  const uses = new Map<"sdk1" | "sdk2", string>();
  for (const [file, source] of Object.entries(files)) {
    if (isTestFile(file)) continue;
    for (const m of source.matchAll(SPECIFIER)) {
      const kind = m[2].startsWith("@modelcontextprotocol/sdk") ? "sdk1" : m[2].startsWith("@modelcontextprotocol/server") ? "sdk2" : undefined;
      if (kind && !uses.has(kind)) uses.set(kind, file);
    }
  }
  if (uses.size === 2)
    return {
      diagnostics: [
        {
          file: uses.get("sdk2")!,
          line: 1,
          column: 1,
          message: `This project imports both SDK 1.x (@modelcontextprotocol/sdk, in ${uses.get("sdk1")}) and SDK 2.x (@modelcontextprotocol/server): a server runs on one of them`,
        },
      ],
    };
  return { runtime: uses.keys().next().value ?? "frontmcp" };
}

export function unavailableModuleMessage(spec: string, runtime: VmRuntime): string {
  if (runtime === "frontmcp")
    return `The module "${spec}" is not available in the playground; only @frontmcp/sdk, @frontmcp/testing, zod and the project's own files can be imported`;
  const version = runtime === "sdk1" ? "SDK 1.x" : "SDK 2.x";
  return `The module "${spec}" is not available in the playground: a server on the official ${version} may import ${OFFICIAL_MODULES[runtime].join(", ")} and the project's own files`;
}

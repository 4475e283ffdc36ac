// Which tools a loaded project serves, and with what settings: its own @FrontMcp server or an automatic one.
import { z } from "zod";
import { getAppOptions, getServerOptions } from "./app";
import { checkHeaderFields, wireJsonSchema } from "./json-schema";
import { getToolOptions, type ToolOptions } from "./tool";

export type ToolEntry = { options: ToolOptions; cls: new () => object; input: z.ZodObject };
export type ProjectServer = {
  info: { name: string; version: string };
  elicitationEnabled: boolean;
  /** "automatic" when the project exports no @FrontMcp server of its own. */
  origin: "automatic" | "server.ts";
  tools: Map<string, ToolEntry>;
};
export type ListedTool = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  annotations?: Record<string, unknown>;
};

function addTool(tools: Map<string, ToolEntry>, cls: unknown): void {
  const options = getToolOptions(cls);
  if (!options) return;
  const existing = tools.get(options.name);
  if (existing && existing.cls !== cls) throw new Error(`Two tools are named "${options.name}"; tool names must be unique`);
  tools.set(options.name, { options, cls: cls as new () => object, input: z.object(options.inputSchema ?? {}) });
}

/** `modules` maps each non-test project file to its exports, in load order. */
export function buildProjectServer(modules: Map<string, Record<string, unknown>>): ProjectServer {
  const tools = new Map<string, ToolEntry>();
  const serverExports = [...modules.entries()].find(([file]) => /(^|\/)server\.tsx?$/.test(file))?.[1];
  const serverClass = serverExports?.default;
  const config = getServerOptions(serverClass);
  if (config) {
    for (const app of config.apps ?? []) {
      const appOptions = getAppOptions(app);
      if (!appOptions) throw new Error("@FrontMcp({ apps }) lists a class without @App");
      for (const tool of appOptions.tools ?? []) addTool(tools, tool);
    }
    for (const tool of config.tools ?? []) addTool(tools, tool);
    return {
      info: { name: config.info?.name ?? "playground", version: config.info?.version ?? "0.0.0" },
      elicitationEnabled: config.elicitation?.enabled === true,
      origin: "server.ts",
      tools,
    };
  }
  for (const exports of modules.values()) for (const value of Object.values(exports)) addTool(tools, value);
  return { info: { name: "playground", version: "1.0.0" }, elicitationEnabled: true, origin: "automatic", tools };
}

export function listTools(server: ProjectServer): ListedTool[] {
  return [...server.tools.values()].map(({ options, input }) => {
    const inputSchema = wireJsonSchema(input);
    checkHeaderFields(options.name, inputSchema);
    delete inputSchema.$schema;
    return {
      name: options.name,
      ...(options.title !== undefined && { title: options.title }),
      ...(options.description !== undefined && { description: options.description }),
      inputSchema,
      ...(options.annotations !== undefined && { annotations: { ...options.annotations } }),
    };
  });
}

// Sandbox runtime for projects on @modelcontextprotocol/sdk 1.x: the real SDK modules, stdio over the bridge.
import "./globals";
import Ajv from "ajv";
import * as mcp from "@modelcontextprotocol/sdk/server/mcp.js";
import * as server from "@modelcontextprotocol/sdk/server/index.js";
import * as types from "@modelcontextprotocol/sdk/types.js";
import * as zod from "zod";
import { cacheAjvCompiles } from "./ajv-compile-cache";
import { installOfficialRuntime } from "./runtime";
import { StdioServerTransport } from "./stdio-bridge";
import { warmUpForm, WARM_UP_TOOL, WarmUpAnswer, warmUpInput } from "./warm-up";

// The SDK's own Ajv (the same module in this bundle): see ajv-compile-cache.ts.
cacheAjvCompiles(Ajv);

const zodModule = { ...zod, default: zod.z };

installOfficialRuntime(
  {
    "@modelcontextprotocol/sdk/server/mcp.js": mcp,
    "@modelcontextprotocol/sdk/server/index.js": server,
    "@modelcontextprotocol/sdk/server/stdio.js": { StdioServerTransport },
    "@modelcontextprotocol/sdk/types.js": types,
    zod: zodModule,
    "zod/v4": zodModule,
  },
  async (transport) => {
    // Written as a 1.x server is: the SDK checks the answer against the form with Ajv, then the tool with zod.
    const warm = new mcp.McpServer({ name: "warm-up", version: "1.0.0" });
    warm.registerTool(WARM_UP_TOOL, { description: "Warms the SDK up", inputSchema: warmUpInput }, async ({ id }) => {
      const answer = await warm.server.elicitInput({ message: `Warm up ${id}`, requestedSchema: warmUpForm() });
      const parsed = WarmUpAnswer.safeParse(answer.content);
      return { content: [{ type: "text", text: parsed.success ? `warm ${parsed.data.choice}` : parsed.error.message }], isError: !parsed.success };
    });
    await warm.connect(transport);
    return warm;
  },
);

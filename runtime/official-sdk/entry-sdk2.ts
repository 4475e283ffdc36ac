// Sandbox runtime for projects on @modelcontextprotocol/server 2.x: the real SDK, stdio over the bridge.
import "./globals";
import * as server from "@modelcontextprotocol/server";
import * as stdio from "@modelcontextprotocol/server/stdio";
import * as zod from "zod";
import { z } from "zod";
import { installOfficialRuntime } from "./runtime";
import { StdioServerTransport } from "./stdio-bridge";
import { warmUpForm, WARM_UP_TOOL, WarmUpAnswer, warmUpInput } from "./warm-up";

type ServeStdioOptions = NonNullable<Parameters<typeof stdio.serveStdio>[1]>;

const zodModule = { ...zod, default: zod.z };

installOfficialRuntime(
  {
    "@modelcontextprotocol/server": server,
    "@modelcontextprotocol/server/stdio": {
      ...stdio,
      StdioServerTransport,
      // serveStdio takes its wire transport as an option; by default it would open the process's real stdio.
      serveStdio: (factory: Parameters<typeof stdio.serveStdio>[0], options: ServeStdioOptions = {}) =>
        stdio.serveStdio(factory, { ...options, transport: options.transport ?? (new StdioServerTransport() as never) }),
    },
    zod: zodModule,
    "zod/v4": zodModule,
  },
  async (transport) =>
    // Written as a 2.x server is: serveStdio picks the era, and a 2025-11-25 client gets inputRequired through the
    // SDK's shim (the question pushed, the handler run again with the answer).
    stdio.serveStdio(
      () => {
        const warm = new server.McpServer({ name: "warm-up", version: "1.0.0" });
        warm.registerTool(WARM_UP_TOOL, { description: "Warms the SDK up", inputSchema: z.object(warmUpInput) }, async ({ id }, ctx) => {
          const details = server.acceptedContent(ctx.mcpReq.inputResponses, "form", WarmUpAnswer);
          if (!details)
            return server.inputRequired({ inputRequests: { form: server.inputRequired.elicit({ message: `Warm up ${id}`, requestedSchema: warmUpForm() }) } });
          return { content: [{ type: "text", text: `warm ${details.choice}` }] };
        });
        return warm;
      },
      { transport },
    ),
);

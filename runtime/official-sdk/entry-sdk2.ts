// Sandbox runtime for projects on @modelcontextprotocol/server 2.x: the real SDK, stdio over the bridge.
import "./globals";
import * as server from "@modelcontextprotocol/server";
import * as stdio from "@modelcontextprotocol/server/stdio";
import * as zod from "zod";
import { installOfficialRuntime } from "./runtime";
import { StdioServerTransport } from "./stdio-bridge";

type ServeStdioOptions = NonNullable<Parameters<typeof stdio.serveStdio>[1]>;

const zodModule = { ...zod, default: zod.z };

installOfficialRuntime({
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
});

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

// The SDK's own Ajv (the same module in this bundle): see ajv-compile-cache.ts.
cacheAjvCompiles(Ajv);

const zodModule = { ...zod, default: zod.z };

installOfficialRuntime({
  "@modelcontextprotocol/sdk/server/mcp.js": mcp,
  "@modelcontextprotocol/sdk/server/index.js": server,
  "@modelcontextprotocol/sdk/server/stdio.js": { StdioServerTransport },
  "@modelcontextprotocol/sdk/types.js": types,
  zod: zodModule,
  "zod/v4": zodModule,
});

// What learner code gets from `import ... from "@frontmcp/sdk"`.
export { z } from "zod";
export { PublicMcpError } from "./errors";
export { Tool, ToolContext } from "./tool";
export { App, FrontMcp } from "./app";

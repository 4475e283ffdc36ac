import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { editorDeclarations } from "./scripts/editor-declarations.ts";

const backend = `http://127.0.0.1:${process.env.BACKEND_PORT ?? 5174}`;

/**
 * The Call tab's MCP client (the official SDK) is imported when Call is first pressed; a modulepreload link in the
 * page fetches it beside the entry, so pressing Call never waits for its chunk to start downloading. The entry gets
 * a link too, first in the head: its download starts before the theme's blocking script is fetched.
 */
function preloadCallClient(): Plugin {
  return {
    name: "preload-call-client",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {});
        const client = chunks.find((c) => c.type === "chunk" && c.name === "mcp-client");
        const entry = chunks.find((c) => c.type === "chunk" && c.isEntry);
        if (client?.type !== "chunk" || entry?.type !== "chunk") return [];
        const files = [entry.fileName, client.fileName, ...client.imports.filter((f) => f !== entry.fileName && !entry.imports.includes(f))];
        return files.map((f) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${f}` }, injectTo: "head-prepend" as const }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), editorDeclarations(), preloadCallClient()],
  server: {
    proxy: {
      "/api": { target: backend, changeOrigin: false },
      // ws off: MCP is plain HTTP + SSE; the proxy must not buffer the SSE stream.
      "/mcp": { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    target: "es2022",
    // Monaco's chunks are large by nature and load after the first screen.
    chunkSizeWarningLimit: 8000,
  },
  worker: { format: "es" },
});

import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { editorDeclarations } from "./scripts/editor-declarations.ts";

const backend = `http://127.0.0.1:${process.env.BACKEND_PORT ?? 5174}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), editorDeclarations()],
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

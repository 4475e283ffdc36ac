// Builds the in-sandbox runtime (the @frontmcp/* modules, zod and the entry point) into one script, once per process.
import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("../../runtime/sandbox/entry.ts", import.meta.url));

// zod 4 ships ~40 locales (about 260 KB minified); learners read English messages only.
export const englishOnlyZod: esbuild.Plugin = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      /zod[\\/]v4/.test(args.importer) ? { path: "zod-locales-en", namespace: "zod-en", pluginData: args.resolveDir } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-en" }, (args) => ({
      contents: 'export { default as en } from "../locales/en.js";',
      resolveDir: args.pluginData as string,
      loader: "js",
    }));
  },
};

/** How every sandbox runtime is bundled: one script for a VM with no module loader of its own. */
export const SANDBOX_BUNDLE_OPTIONS = {
  bundle: true,
  format: "iife",
  platform: "neutral",
  mainFields: ["module", "main"],
  target: "es2022",
  write: false,
  minify: true,
  keepNames: true,
  legalComments: "none",
  plugins: [englishOnlyZod],
} as const satisfies esbuild.BuildOptions;

let bundle: Promise<string> | undefined;

export function runtimeBundle(): Promise<string> {
  bundle ??= esbuild.build({ ...SANDBOX_BUNDLE_OPTIONS, entryPoints: [ENTRY] }).then((r) => r.outputFiles[0].text);
  return bundle;
}

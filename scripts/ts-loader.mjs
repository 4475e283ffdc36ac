// Lets Node run the server's TypeScript as it is (Node 20 has no type stripping): esbuild transforms each
// .ts file on load, and extensionless relative imports resolve to .ts, as they do under vitest and Vite.
import { transform } from "esbuild";
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export async function resolve(specifier, context, next) {
  if ((specifier.startsWith("./") || specifier.startsWith("../")) && context.parentURL?.endsWith(".ts") && !/\.[cm]?[jt]s$/.test(specifier)) {
    const url = new URL(`${specifier}.ts`, context.parentURL);
    if (existsSync(fileURLToPath(url))) return { url: url.href, shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.startsWith("file:") || !url.endsWith(".ts")) return next(url, context);
  const source = await readFile(fileURLToPath(url), "utf8");
  const out = await transform(source, {
    loader: "ts",
    format: "esm",
    target: "node20",
    sourcefile: fileURLToPath(url),
    sourcemap: "inline",
    tsconfigRaw: { compilerOptions: { experimentalDecorators: true, verbatimModuleSyntax: false } },
  });
  return { format: "module", source: out.code, shortCircuit: true };
}

// Builds the sandbox runtimes for official-SDK projects: the real @modelcontextprotocol/sdk 1.x and
// @modelcontextprotocol/server 2.x packages bundled with zod and our stdio bridge, once per process and cached on disk.
import * as esbuild from "esbuild";
import { createHash } from "node:crypto";
import { mkdir, readFile, readdir, rename, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { SANDBOX_BUNDLE_OPTIONS } from "./runtime-bundle";

export type OfficialRuntime = "sdk1" | "sdk2";

const RUNTIME_DIR = fileURLToPath(new URL("../../runtime/official-sdk/", import.meta.url));
const CACHE_DIR = fileURLToPath(new URL("../../node_modules/.cache/playground-official-sdk/", import.meta.url));

const ENTRIES: Record<OfficialRuntime, { entry: string; packages: string[]; conditions: string[] }> = {
  sdk1: { entry: "entry-sdk1.ts", packages: ["@modelcontextprotocol/sdk", "zod"], conditions: [] },
  // The browser build of 2.x needs no node: modules (its stdio transport is replaced anyway).
  sdk2: { entry: "entry-sdk2.ts", packages: ["@modelcontextprotocol/server", "@modelcontextprotocol/core", "zod"], conditions: ["browser"] },
};

async function versionOf(pkg: string): Promise<string> {
  // The package's own root package.json (an exports map may point "<pkg>/package.json" elsewhere).
  const path = fileURLToPath(new URL(`../../node_modules/${pkg}/package.json`, import.meta.url));
  return (JSON.parse(await readFile(path, "utf8")) as { version?: string }).version ?? "unversioned";
}

/** The cache key: bundler and package versions, and our own runtime sources. */
async function cacheKey(kind: OfficialRuntime): Promise<string> {
  const hash = createHash("sha256").update(kind);
  // The console's formatting (runtime/testing/format.ts) is vitest's display library: its versions count too.
  for (const pkg of ["esbuild", "@vitest/utils", "@vitest/pretty-format", ...ENTRIES[kind].packages])
    hash.update(pkg).update(await versionOf(pkg).catch(() => "absent"));
  const sources = [
    ...(await readdir(RUNTIME_DIR))
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".spec.ts"))
      .sort()
      .map((f) => RUNTIME_DIR + f),
    fileURLToPath(new URL("../../runtime/testing/console.ts", import.meta.url)),
    fileURLToPath(new URL("../../runtime/testing/format.ts", import.meta.url)),
    fileURLToPath(new URL("../../runtime/sandbox/locate.ts", import.meta.url)),
    fileURLToPath(new URL("../../runtime/testing/stack.ts", import.meta.url)),
  ];
  for (const file of sources) hash.update(file).update(await readFile(file));
  return hash.digest("hex").slice(0, 24);
}

async function build(kind: OfficialRuntime): Promise<string> {
  const out = await esbuild.build({
    ...SANDBOX_BUNDLE_OPTIONS,
    entryPoints: [RUNTIME_DIR + ENTRIES[kind].entry],
    conditions: ENTRIES[kind].conditions,
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
}

async function cachedBuild(kind: OfficialRuntime): Promise<string> {
  const file = `${CACHE_DIR}${kind}-${await cacheKey(kind)}.js`;
  const hit = await readFile(file, "utf8").catch(() => undefined);
  if (hit !== undefined) return hit;
  const code = await build(kind);
  // Written under a temporary name and renamed, so a concurrent reader never sees half a file.
  await mkdir(CACHE_DIR, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, code);
  await rename(temp, file);
  return code;
}

const bundles = new Map<OfficialRuntime, Promise<string>>();

export function officialRuntimeBundle(kind: OfficialRuntime): Promise<string> {
  let bundle = bundles.get(kind);
  if (!bundle) {
    bundle = cachedBuild(kind);
    bundles.set(kind, bundle);
    bundle.catch(() => bundles.delete(kind));
  }
  return bundle;
}

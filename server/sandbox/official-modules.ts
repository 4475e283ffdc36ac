// How an official-SDK VM resolves `import`: project files by the rules Node and TypeScript use for ES modules
// (`./store.js` finds `store.ts`), and the bundled SDK modules by name, each served as a real ES module.

import { joinModulePath } from "../../runtime/sandbox/modules";

const SUFFIXES = ["", ".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.js"];

/** The module name `spec` means when imported from `base`; throws the message the learner sees when there is none. */
export function resolveModule(modules: ReadonlyMap<string, string>, builtins: Record<string, string[]>, base: string, spec: string): string {
  if (Object.hasOwn(builtins, spec)) return spec;
  if (!spec.startsWith("./") && !spec.startsWith("../")) {
    if (modules.has(spec)) return spec;
    throw new Error(`The module "${spec}" is not available in the playground`);
  }
  const path = joinModulePath(base, spec);
  const stems = /\.m?js$/.test(path) ? [path, path.replace(/\.m?js$/, "")] : [path];
  for (const stem of stems) for (const suffix of SUFFIXES) if (modules.has(stem + suffix)) return stem + suffix;
  throw new Error(`Cannot find "${spec}" (imported from ${base}): there is no such file in the project`);
}

/** An ES module re-exporting one builtin module object; `export { v as "name" }` allows names like `enum`. */
export function officialModuleSource(name: string, exportNames: string[]): string {
  const named = exportNames.filter((n) => n !== "default");
  const lines = [`const m = globalThis.__officialModules[${JSON.stringify(name)}];`];
  named.forEach((n, i) => lines.push(`const v${i} = m[${JSON.stringify(n)}];`));
  lines.push(`export { ${named.map((n, i) => `v${i} as ${JSON.stringify(n)}`).join(", ")} };`);
  lines.push("export default m.default !== undefined ? m.default : m;");
  return lines.join("\n");
}

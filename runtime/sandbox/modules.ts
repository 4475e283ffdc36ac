// The project's files as CommonJS-shaped modules inside the VM: one instance per file, relative imports between them.

export type ModuleFactory = (module: { exports: Record<string, unknown> }, exports: Record<string, unknown>, require: (id: string) => unknown) => void;
type ModuleRecord = { factory: ModuleFactory; module?: { exports: Record<string, unknown> } };

const EXTENSIONS = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.js"];

/** The path `spec` names relative to the file `fromFile` (`./` and `../` resolved), as every module loader here reads it. */
export function joinModulePath(fromFile: string, spec: string): string {
  const parts = fromFile.split("/").slice(0, -1);
  for (const part of spec.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

export class ModuleTable {
  private records = new Map<string, ModuleRecord>();
  constructor(private builtins: Record<string, unknown>) {}

  define(file: string, factory: ModuleFactory): void {
    this.records.set(file, { factory });
  }

  has(file: string): boolean {
    return this.records.has(file);
  }

  /** Runs a file's top level once (CJS semantics: a cycle sees the partial exports). */
  instantiate(file: string): Record<string, unknown> {
    const record = this.records.get(file);
    if (!record) throw new Error(`No file named ${file} in this project`);
    if (record.module) return record.module.exports;
    const module = { exports: {} as Record<string, unknown> };
    record.module = module;
    record.factory(module, module.exports, (id) => this.require(file, id));
    return module.exports;
  }

  private require(fromFile: string, id: string): unknown {
    if (Object.prototype.hasOwnProperty.call(this.builtins, id)) return this.builtins[id];
    if (id.startsWith("./") || id.startsWith("../")) {
      const base = joinModulePath(fromFile, id);
      for (const ext of EXTENSIONS) if (this.records.has(base + ext)) return this.instantiate(base + ext);
      throw new Error(`Cannot find ${id} (imported from ${fromFile}): there is no such file in the project`);
    }
    // The compiler already refuses these; this is the last line of defence.
    throw new Error(`The module "${id}" is not available in the playground`);
  }
}

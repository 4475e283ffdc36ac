// Prints a figures table (each figure beside its target) and writes bench/results/<name>.json.
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { fileURLToPath } from "node:url";

const RESULTS = fileURLToPath(new URL("../results/", import.meta.url));

const show = (v) => (typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toFixed(2)) : String(v ?? ""));

/** rows: [{ figure, value, unit?, target? }]; `target` is text such as "≤ 25 ms". */
export function printTable(title, rows) {
  const cells = rows.map((r) => [r.figure, `${show(r.value)}${r.unit ? ` ${r.unit}` : ""}`, r.target ?? ""]);
  const head = ["figure", "value", "target"];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => c.map((x, i) => x.padEnd(widths[i])).join("  ");
  console.log(`\n## ${title}`);
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const c of cells) console.log(line(c));
}

export function machine() {
  return { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model, totalMemGB: Math.round(totalmem() / 2 ** 30), platform: process.platform };
}

export async function writeResult(name, data) {
  await mkdir(RESULTS, { recursive: true });
  const path = `${RESULTS}${name}.json`;
  await writeFile(path, JSON.stringify({ name, at: new Date().toISOString(), machine: machine(), ...data }, null, 2) + "\n");
  console.log(`(written ${path})`);
}

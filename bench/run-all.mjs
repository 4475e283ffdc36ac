// `npm run bench`: every benchmark in turn, each printing its table and writing bench/results/<name>.json.
// Flags go through to the benchmarks that know them (`--n 100`, `--sweep`, `--workers 2`, `--iterations 200`).
import { parseArgs } from "./lib/args.mjs";
import { machine } from "./lib/report.mjs";

const BENCHMARKS = ["elicitation-flow", "official-sdk", "edit-to-ready", "tests-run", "workshop", "spa", "spa-interactive"];

const args = parseArgs();
console.log(`Machine: ${JSON.stringify(machine())}`);
let failed = false;
for (const name of BENCHMARKS) {
  const { main } = await import(`./${name}.mjs`);
  try {
    await main(args);
  } catch (error) {
    // One broken benchmark should not hide the others' figures.
    failed = true;
    console.error(`\n${name} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);

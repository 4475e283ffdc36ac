// The sandboxes a bench compares in one run, each on a server of its own: the plain one (SANDBOX_PLAIN=1), the dense
// one, and the dense one with one optimisation switched off. `--sandboxes plain,dense` (the default) picks them,
// `--alternate 2` runs the list that many times in turn (plain, dense, plain, dense), so a shared machine's load
// falls on both alike.
import { intArg } from "./args.mjs";
import { printTable } from "./report.mjs";
import { round } from "./stats.mjs";

const VARIANTS = {
  plain: { SANDBOX_PLAIN: "1" },
  dense: {},
  "dense-without-spareInstances": { SANDBOX_DENSE_OFF: "spareInstances" },
  "dense-without-formsAhead": { SANDBOX_DENSE_OFF: "formsAhead" },
  "dense-without-pageDeltas": { SANDBOX_DENSE_OFF: "pageDeltas" },
  "dense-without-loadImages": { SANDBOX_LOAD_CACHE_MB: "0" },
};

/** The sandboxes to run, in order, with the environment each server starts with. */
export function sandboxVariants(args) {
  const names = typeof args.sandboxes === "string" ? args.sandboxes.split(",") : ["plain", "dense"];
  for (const name of names) if (!(name in VARIANTS)) throw new Error(`--sandboxes takes ${Object.keys(VARIANTS).join(", ")}`);
  const rounds = intArg(args, "alternate", 1);
  return Array.from({ length: rounds }, () => names.map((name) => ({ name, env: VARIANTS[name] }))).flat();
}

/**
 * Prints `figures` (name → function of one run's result) for every sandbox side by side, each the mean of its runs,
 * and each dense variant's difference from plain.
 */
export function printSideBySide(title, runs, figures) {
  const byName = new Map();
  for (const run of runs) byName.set(run.name, [...(byName.get(run.name) ?? []), run.result]);
  const mean = (results, figure) => results.reduce((sum, r) => sum + figure(r), 0) / results.length;
  const plain = byName.get("plain");
  printTable(
    title,
    Object.entries(figures).map(([figure, read]) => ({
      figure,
      value: [...byName]
        .map(([name, results]) => {
          const value = mean(results, read);
          const against = plain && name !== "plain" ? ` (${signed(round((value / mean(plain, read) - 1) * 100, 0))}%)` : "";
          return `${name} ${round(value, 1)}${against}`;
        })
        .join(" | "),
    })),
  );
}

const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

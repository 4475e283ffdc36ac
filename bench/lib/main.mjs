// Lets each benchmark run alone (`node bench/x.mjs --flags`) or be imported by run-all.
import { fileURLToPath } from "node:url";
import { parseArgs } from "./args.mjs";

export function runIfMain(meta, main) {
  if (process.argv[1] !== fileURLToPath(meta.url)) return;
  main(parseArgs()).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

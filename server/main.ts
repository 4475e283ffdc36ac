// `npm start` runs this: the playground on HOST:PORT until Ctrl+C.
import { startPlayground } from "./app";
import { configFromEnv } from "./config";
import { installProcessGuard } from "./process-guard";

installProcessGuard();

const config = configFromEnv();
const playground = await startPlayground(config);
console.log(`Elicitation Playground on ${playground.url}`);
if (config.host === "0.0.0.0" || config.host === "::")
  console.log("Listening on every interface: anyone on this network can open the playground and run code in its sandbox.");

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    void playground.close().then(() => process.exit(0));
  });

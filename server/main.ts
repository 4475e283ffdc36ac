// `npm start` runs this: the playground on HOST:PORT until Ctrl+C.
import { startPlayground } from "./app";
import { configFromEnv } from "./config";
import { installProcessGuard } from "./process-guard";
import { joinAddresses } from "./rooms/join-addresses";

installProcessGuard();

const config = configFromEnv();
const playground = await startPlayground(config);
console.log(`Elicitation Playground on ${playground.url}`);
// Each worker evaluates each official SDK once, the slowest step of a first VM; do it now, not in a learner's request.
void (async () => {
  for (const runtime of ["sdk1", "sdk2"] as const) await playground.pool.warm(runtime);
})().catch((error: Error) => console.error("Warming the official-SDK sandboxes failed:", error.message));
if (config.host === "0.0.0.0" || config.host === "::") {
  console.log("Listening on every interface: anyone on this network can open the playground and run code in its sandbox.");
  // The addresses a room can use: the teacher's page lists the same ones to pick from for its join link.
  const port = Number(new URL(playground.url).port);
  for (const address of joinAddresses({ ...config, port }).addresses) console.log(`  learners can reach it at ${address}`);
}
if (config.publicUrl) console.log(`Join links and QR codes use ${config.publicUrl} (PUBLIC_URL)`);

// SIGTERM (an orchestrator stopping the instance) drains: /readyz turns 503 and requests in flight finish.
// Ctrl+C closes at once; a second signal of either kind exits without waiting.
process.once("SIGTERM", () => {
  console.log(`Draining (up to ${config.drainMs / 1000} s for requests in flight)`);
  void playground.shutdown().then(({ finished, leftInFlight }) => {
    if (!finished) console.log(`Closed with ${leftInFlight} requests still in flight`);
    process.exit(0);
  });
  process.once("SIGTERM", () => process.exit(1));
});
process.once("SIGINT", () => {
  void playground.close().then(() => process.exit(0));
  process.once("SIGINT", () => process.exit(1));
});

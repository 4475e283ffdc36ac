// Test runs, Checks and the fairness proof of an authored challenge take one of the client's RUNS_PER_CLIENT slots
// while they run; a sandbox that cannot take the run (memory full, a worker replaced under it) is the server's
// state, not the client's: 503.
import type { IncomingMessage } from "node:http";
import { ClientSlots } from "../http/client-slots";
import { clientOf } from "../http/request-client";
import { HttpError } from "../http/respond";
import { SandboxError } from "../sandbox/pool";

export class RunSlots {
  private readonly slots: ClientSlots;

  constructor(perClient: number) {
    this.slots = new ClientSlots(perClient, { setting: "RUNS_PER_CLIENT", noun: "test runs and checks" });
  }

  /** In a room each learner is a client of its own (a room shares one address behind its NAT); outside, the address. */
  run<T>(req: IncomingMessage, learner: { id: number } | undefined, work: () => Promise<T>): Promise<T> {
    const client = learner ? `learner ${learner.id}` : `address ${clientOf(req)?.key}`;
    return this.slots.run(client, () => poolBusyIs503(work));
  }
}

async function poolBusyIs503<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    throw new HttpError(503, error.message, { code: "SANDBOX_BUSY", retryAfterSeconds: 30 }, { "retry-after": "30" });
  }
}

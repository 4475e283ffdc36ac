// The signed requestState of a call that asks: what it is bound to, and the answers so far.
//
// Bound to the session, the tool, a digest of the arguments, the build (a hash of the project's files), the
// session's reset generation and a digest of every question asked; a state is used once (its id is recorded as
// consumed until it has expired), so a replayed "yes" cannot act twice or answer a question nobody saw.
import { createHash, hash, randomBytes, randomFillSync } from "node:crypto";
import { ProtocolError, ProtocolErrorCode, type RequestStateCodec, type ServerContext } from "@modelcontextprotocol/server";
import { FAST_FORWARD, FAST_FORWARD_HEADER } from "../../contract/person-timing";
import type { ElicitAnswer } from "../project/project-vm";
import { createHmacRequestStateCodec } from "./request-state-codec";
import { DEFAULT_REQUEST_STATE_TTL_SECONDS } from "../config";

/**
 * `pending`: the key of the question this state was minted with, where the next round's answer is looked up.
 * `questions[i]`: the digest of the question `answers[i]` was given to (the last one is the pending question).
 */
export type FlowState = {
  id: string;
  session: string;
  tool: string;
  args: string;
  build: string;
  generation: number;
  questions: string[];
  answers: ElicitAnswer[];
  pending?: string;
};

/** What a flow's state is checked against when it comes back: the session's build and reset generation now. */
export type FlowBinding = { build: string; generation: number };

/**
 * A per-process random key, or one derived from PLAYGROUND_SECRET so several processes accept each other's state.
 * Signed synchronously (request-state-codec.ts) in the SDK's token format.
 */
export function createFlowStateCodec(secret: string | undefined, ttlSeconds: number): RequestStateCodec<FlowState> {
  const key = secret ? createHash("sha256").update(`playground-request-state\0${secret}`).digest() : randomBytes(32);
  const codec = createHmacRequestStateCodec<FlowState>({ key, ttlSeconds });
  // A fast-forwarded call's states expire in a tenth of the time; verifying reads only the expiry a state carries.
  const fast = createHmacRequestStateCodec<FlowState>({ key, ttlSeconds: ttlSeconds / FAST_FORWARD });
  return { mint: (payload, ctx) => (fastForwarded(ctx) ? fast : codec).mint(payload, ctx), verify: codec.verify };
}

/** The page asked for this request to be fast-forwarded (contract/person-timing.ts). */
const fastForwarded = (ctx: unknown) => (ctx as ServerContext | undefined)?.http?.req?.headers.get(FAST_FORWARD_HEADER) === "1";

const ID_BYTES = 12;
/** Random bytes for state ids, drawn 4 KB at a time (as randomUUID does): one call into OpenSSL per 341 ids, not per id. */
const idBytes = Buffer.alloc(341 * ID_BYTES);
let idAt = idBytes.length;

/** 96 random bits, each byte used once. */
export function newStateId(): string {
  if (idAt + ID_BYTES > idBytes.length) {
    randomFillSync(idBytes);
    idAt = 0;
  }
  idAt += ID_BYTES;
  return idBytes.toString("base64url", idAt - ID_BYTES, idAt);
}

/** Stable across key order, so `{a,b}` and `{b,a}` are the same arguments. */
export function argumentsDigest(args: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return hash("sha256", JSON.stringify(canonical(args ?? {})), "base64url").slice(0, 22);
}

/** The build a state is bound to: a hash of the project's file names and contents. */
export function buildDigest(files: Record<string, string>): string {
  const digest = createHash("sha256");
  for (const name of Object.keys(files).sort()) digest.update(`${name}\0${files[name]}\0`);
  return digest.digest("base64url").slice(0, 22);
}

/**
 * The same answer the SDK gives for a state that fails its signature or expiry check; `detail` says in plain words
 * which binding failed (the learner reads it on the Wire tab).
 */
export function rejectedState(detail?: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid or expired requestState", { reason: "invalid_request_state", ...(detail && { detail }) });
}

/**
 * Where consumed state ids are recorded until they expire. In memory for one process; an implementation on the
 * shared database lets several instances refuse each other's replays.
 */
export interface ConsumedStates {
  /** Records `id` as used; false when it was used already. */
  claim(id: string): Promise<boolean>;
}

/** At most this many consumed ids for an endpoint that keeps its own (a test run's, or one made without a registry). */
const OWN_MAX_IDS = 10_000;

/** Consumed ids for an endpoint of its own: the default state lifetime, at most OWN_MAX_IDS. */
export function ownConsumedStates(): MemoryConsumedStates {
  return new MemoryConsumedStates(DEFAULT_REQUEST_STATE_TTL_SECONDS * 1000, OWN_MAX_IDS);
}

/** Consumed ids in memory, each kept for the state lifetime, at most `maxIds` (the oldest go first beyond that). */
export class MemoryConsumedStates implements ConsumedStates {
  private used = new Map<string, number>();

  constructor(
    private ttlMs: number,
    private maxIds = 200_000,
    private now: () => number = Date.now,
  ) {}

  async claim(id: string): Promise<boolean> {
    const now = this.now();
    for (const [old, until] of this.used) {
      if (until > now && this.used.size < this.maxIds) break;
      this.used.delete(old);
    }
    if (this.used.has(id)) return false;
    this.used.set(id, now + this.ttlMs);
    return true;
  }

  get size(): number {
    return this.used.size;
  }
}

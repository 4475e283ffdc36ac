// The signed requestState of a call that asks: which session, tool and arguments it belongs to, and the answers so far.
import { createHash, randomBytes } from "node:crypto";
import { createRequestStateCodec, ProtocolError, ProtocolErrorCode, type RequestStateCodec } from "@modelcontextprotocol/server";
import type { ElicitAnswer } from "../project/project-vm";

/** `pending`: the key of the question this state was minted with, where the next round's answer is looked up. */
export type FlowState = { session: string; tool: string; args: string; answers: ElicitAnswer[]; pending?: string };

/** A per-process random key, or one derived from PLAYGROUND_SECRET so several processes accept each other's state. */
export function createFlowStateCodec(secret: string | undefined, ttlSeconds: number): RequestStateCodec<FlowState> {
  const key = secret ? createHash("sha256").update(`playground-request-state\0${secret}`).digest() : randomBytes(32);
  return createRequestStateCodec<FlowState>({ key: new Uint8Array(key), ttlSeconds });
}

/** Stable across key order, so `{a,b}` and `{b,a}` are the same arguments. */
export function argumentsDigest(args: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])])) : v;
  return createHash("sha256").update(JSON.stringify(canonical(args ?? {}))).digest("base64url").slice(0, 22);
}

/** The same answer the SDK gives for a state that fails its signature or expiry check. */
export function rejectedState(): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, "Invalid or expired requestState", { reason: "invalid_request_state" });
}

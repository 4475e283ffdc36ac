// Reads the playground's requestState: `v1.<base64url JSON {p, exp, b}>.<base64url HMAC>`.
// The client can read it because it is signed, not encrypted; the signature is shown, not checked.

export interface DecodedRequestState {
  version: string;
  payload: unknown;
  expiresAt?: Date;
  bindTag?: unknown;
  signature: string;
}

function base64UrlToText(s: string): string {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

export function decodeRequestState(state: unknown): DecodedRequestState | undefined {
  if (typeof state !== "string") return undefined;
  const parts = state.split(".");
  if (parts.length !== 3) return undefined;
  try {
    const body = JSON.parse(base64UrlToText(parts[1])) as { p?: unknown; exp?: unknown; b?: unknown };
    return {
      version: parts[0],
      payload: body.p,
      expiresAt: typeof body.exp === "number" ? new Date(body.exp * 1000) : undefined,
      bindTag: body.b,
      signature: parts[2],
    };
  } catch {
    return undefined;
  }
}

/** One thing a playground requestState is bound to, in words for the Wire tab. */
export interface StateBinding {
  label: string;
  value: string;
  meaning: string;
}

/**
 * The bindings in a playground requestState's payload: what the server checks before it accepts the state again.
 * Payloads of other servers (an official-SDK project's own) have none of these fields and give an empty list.
 */
export function stateBindings(payload: unknown): StateBinding[] {
  if (!payload || typeof payload !== "object") return [];
  const p = payload as Record<string, unknown>;
  const out: StateBinding[] = [];
  const add = (key: string, label: string, meaning: string, show: (v: unknown) => string = String) => {
    if (p[key] !== undefined) out.push({ label, value: show(p[key]), meaning });
  };
  add("session", "session", "only this session's /mcp endpoint accepts it");
  add("tool", "tool", "only a call of this tool");
  add("args", "arguments", "a hash of the arguments: the same call, not another ticket");
  add("build", "build", "a hash of the project's files: after a code change it is refused");
  add("generation", "reset generation", "how many times the session was reset: after Reset ▾ → Reset data it is refused");
  add("questions", "questions", "a digest of each question asked (message and schema): an answer only counts for the question it was given to", (v) =>
    Array.isArray(v) ? v.map(String).join(", ") : String(v),
  );
  add("id", "state id", "used once: the server records it, so a replay of this round is refused");
  return out;
}

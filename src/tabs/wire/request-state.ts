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

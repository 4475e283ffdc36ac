// The SDK's RequestStateCodec, signed with node:crypto's synchronous HMAC.
//
// The SDK's own `createRequestStateCodec` signs and verifies with WebCrypto: every mint and every verify is a job on
// libuv's thread pool and back, plus its promises, twice for every asking round on the main thread. This codec
// signs in place and keeps the SDK codec's wire shape, key rules, expiry and reason codes, so a state
// minted by one verifies in the other (and the Wire tab's decoder reads both):
//
//     "v1." b64url(JSON {"p": payload, "exp": unixSeconds, "b"?: bindTag}) "." b64url(HMAC-SHA256(key, "v1." body))
//
// where bindTag is b64url(HMAC-SHA256(key, "mcp.requestState.bind:" + bind(ctx))[:16]).
import { createHmac } from "node:crypto";
import type { RequestStateCodec, RequestStateCodecOptions } from "@modelcontextprotocol/server";
import { sameBytes, sameSecret } from "../same-secret";

const PREFIX = "v1.";
const BIND_LABEL = "mcp.requestState.bind:";

/** Same options and construction errors as the SDK's `createRequestStateCodec`. */
export function createHmacRequestStateCodec<T = unknown>(options: RequestStateCodecOptions): RequestStateCodec<T> {
  const key = typeof options.key === "string" ? Buffer.from(options.key, "utf8") : Buffer.from(options.key);
  if (key.byteLength < 32) throw new RangeError(`createHmacRequestStateCodec: key must be at least 32 bytes (got ${key.byteLength})`);
  const ttlSeconds = options.ttlSeconds ?? 600;
  if (!Number.isFinite(ttlSeconds)) throw new RangeError("createHmacRequestStateCodec: ttlSeconds must be a finite number");
  const { bind } = options;

  const mac = (text: string): Buffer => createHmac("sha256", key).update(text, "utf8").digest();
  const bindTag = (value: string): string =>
    mac(BIND_LABEL + value)
      .subarray(0, 16)
      .toString("base64url");

  // Plain closures, not methods: the server takes `verify` on its own (`requestState: { verify: codec.verify }`).
  return {
    async mint(payload, ctx) {
      const envelope: { p: T; exp: number; b?: string } = { p: payload, exp: Math.floor(Date.now() / 1000) + ttlSeconds };
      if (bind !== undefined) {
        if (ctx === undefined) throw new TypeError("createHmacRequestStateCodec: mint() requires ctx when a bind callback is configured");
        envelope.b = bindTag(bind(ctx));
      }
      const body = Buffer.from(JSON.stringify(envelope), "utf8").toString("base64url");
      return `${PREFIX}${body}.${mac(PREFIX + body).toString("base64url")}`;
    },

    async verify(state, ctx) {
      const dot = state.lastIndexOf(".");
      if (!state.startsWith(PREFIX) || dot <= PREFIX.length) throw new Error("malformed");
      const body = state.slice(PREFIX.length, dot);
      const given = signatureBytes(state.slice(dot + 1));
      const expected = mac(PREFIX + body);
      if (!sameBytes(given, expected)) throw new Error("mac");
      // Signed by a holder of the key from here on: what follows checks its claims, not its integrity.
      let envelope: { p?: unknown; exp?: unknown; b?: unknown };
      try {
        envelope = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      } catch {
        throw new Error("malformed");
      }
      if (typeof envelope?.exp !== "number" || envelope.exp < Math.floor(Date.now() / 1000)) throw new Error("expired");
      if (bind !== undefined) {
        if (typeof envelope.b !== "string" || !sameSecret(envelope.b, bindTag(bind(ctx)))) throw new Error("bind");
      } else if (envelope.b !== undefined) throw new Error("bind");
      return envelope.p as T;
    },
  };
}

/** Decoded as the SDK decodes it (the forgiving base64 of `atob`), so the same signatures count as malformed. */
function signatureBytes(text: string): Buffer {
  try {
    return Buffer.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), "latin1");
  } catch {
    throw new Error("malformed");
  }
}

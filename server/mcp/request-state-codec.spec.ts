import { createRequestStateCodec, type RequestStateCodec, type RequestStateCodecOptions, type ServerContext } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createHash } from "node:crypto";
import { createFlowStateCodec, type FlowState } from "./request-state";
import { createHmacRequestStateCodec } from "./request-state-codec";

const KEY = new Uint8Array(32).map((_, i) => i * 7 + 1);
const OTHER_KEY = new Uint8Array(32).map((_, i) => 255 - i);
const payload = { id: "s-1", session: "abc", answers: [{ action: "accept", content: { confirm: true, note: "ünïcödé ✓" } }] };
const ctx = (user: string) => ({ mcpReq: { method: "tools/call" }, http: { authInfo: { clientId: user } } }) as unknown as ServerContext;
const bind: RequestStateCodecOptions["bind"] = (c) => `${c.mcpReq.method}\0${c.http?.authInfo?.clientId ?? ""}`;

type Make = (options: RequestStateCodecOptions) => RequestStateCodec<unknown>;
const ours: Make = (o) => createHmacRequestStateCodec(o);
const sdk: Make = (o) => createRequestStateCodec(o);

/** Why `verify` refused, as the codec's opaque reason code. */
async function refusal(codec: RequestStateCodec<unknown>, state: string, c = ctx("ana")): Promise<string> {
  try {
    await codec.verify(state, c);
  } catch (e) {
    return (e as Error).message;
  }
  return "accepted";
}

/** Replaces one character of the body (after "v1.") or of the signature. */
function flip(state: string, at: number): string {
  const c = state[at] === "A" ? "B" : "A";
  return state.slice(0, at) + c + state.slice(at + 1);
}

afterEach(() => vi.useRealTimers());

describe.each([
  ["ours mints, the SDK verifies", ours, sdk],
  ["the SDK mints, ours verifies", sdk, ours],
  ["ours mints, ours verifies", ours, ours],
])("%s", (_, minter, verifier) => {
  test("the payload comes back as it went in", async () => {
    const state = await minter({ key: KEY }).mint(payload);
    expect(state).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await verifier({ key: KEY }).verify(state, ctx("ana"))).toEqual(payload);
  });

  test("bound to the request context: the same context passes, another one is refused", async () => {
    const state = await minter({ key: KEY, bind }).mint(payload, ctx("ana"));
    expect(await verifier({ key: KEY, bind }).verify(state, ctx("ana"))).toEqual(payload);
    expect(await refusal(verifier({ key: KEY, bind }), state, ctx("bo"))).toBe("bind");
    // A bound state shown to a codec that binds nothing, and an unbound one to a codec that binds: both refused.
    expect(await refusal(verifier({ key: KEY }), state)).toBe("bind");
    expect(await refusal(verifier({ key: KEY, bind }), await minter({ key: KEY }).mint(payload))).toBe("bind");
  });

  test("a changed body or signature is refused as a bad signature", async () => {
    const state = await minter({ key: KEY }).mint(payload);
    const codec = verifier({ key: KEY });
    expect(await refusal(codec, flip(state, 10))).toBe("mac");
    expect(await refusal(codec, flip(state, state.length - 5))).toBe("mac");
    expect(await refusal(codec, state.slice(0, -3))).toBe("mac");
  });

  test("a state signed with another key is refused", async () => {
    const state = await minter({ key: OTHER_KEY }).mint(payload);
    expect(await refusal(verifier({ key: KEY }), state)).toBe("mac");
  });

  test("expires after ttlSeconds and not before", async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 11, 1, 12), toFake: ["Date"] });
    const state = await minter({ key: KEY, ttlSeconds: 60 }).mint(payload);
    const codec = verifier({ key: KEY });
    vi.setSystemTime(Date.UTC(2026, 11, 1, 12, 1, 0, 999));
    expect(await codec.verify(state, ctx("ana"))).toEqual(payload);
    vi.setSystemTime(Date.UTC(2026, 11, 1, 12, 1, 1));
    expect(await refusal(codec, state)).toBe("expired");
  });
});

describe("the codecs agree on what is malformed", () => {
  const cases = async () => {
    const good = await sdk({ key: KEY }).mint(payload);
    const [, body, mac] = good.split(".");
    return {
      empty: "",
      "no prefix": `v2.${body}.${mac}`,
      "no signature part": `v1.${body}`,
      "nothing before the signature": `v1..${mac}`,
      "not base64 in the signature": `v1.${body}.${mac.slice(0, -1)}*`,
      "a signature a byte too long": `v1.${body}.${mac}A`,
      "a signature of a length no base64 has": `v1.${body}.${mac}AA`,
      "the signature padded with =": `v1.${body}.${mac}=`,
    };
  };

  test("every case gets the same reason from both", async () => {
    const reasons = async (make: Make) =>
      Object.fromEntries(await Promise.all(Object.entries(await cases()).map(async ([name, state]) => [name, await refusal(make({ key: KEY }), state)])));
    const fromSdk = await reasons(sdk);
    expect(fromSdk).toEqual({
      empty: "malformed",
      "no prefix": "malformed",
      "no signature part": "malformed",
      "nothing before the signature": "malformed",
      "not base64 in the signature": "malformed",
      "a signature a byte too long": "mac",
      "a signature of a length no base64 has": "malformed",
      // atob's forgiving base64 takes the padding, so the signature is the same bytes.
      "the signature padded with =": "accepted",
    });
    expect(await reasons(ours)).toEqual(fromSdk);
  });

  test("a signed body that is not JSON is malformed, one without an expiry counts as expired", async () => {
    const { createHmac } = await import("node:crypto");
    const signed = (text: string) => {
      const body = Buffer.from(text).toString("base64url");
      return `v1.${body}.${createHmac("sha256", KEY).update(`v1.${body}`).digest("base64url")}`;
    };
    for (const make of [sdk, ours]) {
      expect(await refusal(make({ key: KEY }), signed("{not json"))).toBe("malformed");
      expect(await refusal(make({ key: KEY }), signed('{"p":1}'))).toBe("expired");
      expect(await refusal(make({ key: KEY }), signed('{"p":1,"exp":"9999999999"}'))).toBe("expired");
    }
  });
});

describe("construction", () => {
  test("refuses a key shorter than 32 bytes and a ttl that is not finite, as the SDK does", () => {
    for (const make of [sdk, ours]) {
      expect(() => make({ key: new Uint8Array(31) })).toThrow(RangeError);
      expect(() => make({ key: "x".repeat(31) })).toThrow(RangeError);
      expect(() => make({ key: KEY, ttlSeconds: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    }
  });

  test("a string key is its UTF-8 bytes: the two codecs accept each other's states", async () => {
    const key = "é".repeat(16);
    expect(await sdk({ key }).verify(await ours({ key }).mint(payload), ctx("ana"))).toEqual(payload);
  });

  test("mint asks for a context when a binding is configured", async () => {
    await expect(ours({ key: KEY, bind }).mint(payload)).rejects.toThrow(TypeError);
  });

  test("verify works taken off the codec, as the server takes it", async () => {
    const { mint, verify } = ours({ key: KEY });
    expect(await verify(await mint(payload), ctx("ana"))).toEqual(payload);
  });
});

describe("the playground's flow codec", () => {
  const flow: FlowState = { id: "x", session: "s", tool: "close_ticket", args: "a", build: "b", generation: 0, questions: ["q"], answers: [] };

  test("keeps PLAYGROUND_SECRET's key, so instances on the SDK's codec and on this one accept each other's states", async () => {
    const key = createHash("sha256").update("playground-request-state\0a shared secret").digest();
    const before = createRequestStateCodec<FlowState>({ key: new Uint8Array(key), ttlSeconds: 60 });
    const now = createFlowStateCodec("a shared secret", 60);
    expect(await now.verify(await before.mint(flow), ctx("ana"))).toEqual(flow);
    expect(await before.verify(await now.mint(flow), ctx("ana"))).toEqual(flow);
    expect(await refusal(createFlowStateCodec("another secret", 60), await now.mint(flow))).toBe("mac");
  });

  test("without a secret each process has its own key", async () => {
    expect(await refusal(createFlowStateCodec(undefined, 60), await createFlowStateCodec(undefined, 60).mint(flow))).toBe("mac");
  });
});

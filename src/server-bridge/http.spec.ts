// The bridge's wait for a busy server: a 429 is sent again after the wait the server asks for, anything else is not.
import { afterEach, describe, expect, test, vi } from "vitest";
import { ApiError, requestJson, waitingOutBusy } from "./http";

afterEach(() => vi.unstubAllGlobals());

const busy = (seconds: number) =>
  new Response(JSON.stringify({ error: "Too many test runs", code: "RATE_LIMITED", retryAfterSeconds: seconds }), { status: 429 });
const ok = () => new Response(JSON.stringify({ passed: 3 }), { status: 200 });

/** fetch answering from `answers` in turn, and the waits `waitingOutBusy` asked for. */
function server(answers: Array<() => Response>) {
  const fetch = vi.fn(async () => answers.shift()!());
  vi.stubGlobal("fetch", fetch);
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);
  const send = () => requestJson<{ passed: number }>("POST", "/api/sessions/s/tests", {});
  return { fetch, waits, sleep, send };
}

describe("waitingOutBusy", () => {
  test("sends again after each 429, waiting what the server asked plus under a second, until it answers", async () => {
    const s = server([() => busy(1), () => busy(2), ok]);
    await expect(waitingOutBusy(s.send, 10, s.sleep)).resolves.toEqual({ passed: 3 });
    expect(s.fetch).toHaveBeenCalledTimes(3);
    expect(s.waits).toHaveLength(2);
    expect(s.waits[0]).toBeGreaterThanOrEqual(1000);
    expect(s.waits[0]).toBeLessThan(2000);
    expect(s.waits[1]).toBeGreaterThanOrEqual(2000);
    expect(s.waits[1]).toBeLessThan(3000);
  });

  test("gives up after its attempts with the last 429", async () => {
    const s = server([() => busy(1), () => busy(1), () => busy(1), ok]);
    const error = await waitingOutBusy(s.send, 3, s.sleep).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect(s.fetch).toHaveBeenCalledTimes(3);
  });

  test("any other failure is thrown at once, without a wait", async () => {
    for (const status of [400, 403, 404, 422, 500, 503]) {
      const s = server([() => new Response(JSON.stringify({ error: "no" }), { status }), ok]);
      const error = await waitingOutBusy(s.send, 10, s.sleep).catch((e: unknown) => e);
      expect((error as ApiError).status).toBe(status);
      expect(s.fetch).toHaveBeenCalledTimes(1);
      expect(s.waits).toEqual([]);
    }
  });
});

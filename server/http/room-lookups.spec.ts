// Room codes cannot be tested for existence in bulk: each unknown code costs the address a lookup, and once they
// are spent a real room's code is refused the same way as a made-up one, while other addresses are not affected.
import { afterAll, beforeAll, expect, test } from "vitest";
import { configFromEnv } from "../config";
import { fromAddress } from "../testing/from-address";
import { startRoomPlayground, type RoomPlayground } from "../testing/rooms";

let rp: RoomPlayground;
beforeAll(async () => {
  const limits = configFromEnv({}).rateLimits;
  rp = await startRoomPlayground({ rateLimits: { ...limits, roomLookups: { name: "unknown room codes", perMinute: 1, burst: 5 } } });
});
afterAll(() => rp?.close());

test("past its unknown-code budget an address gets 429 for real and made-up codes alike; another address gets in", async () => {
  const url = rp.pg.url;
  const room = (await fromAddress("127.0.0.9", `${url}/api/rooms`, "POST", {})).json;
  const guesses = ["AAAAAA", "CCCCCC", "DDDDDD", "EEEEEE", "FFFFFF", "GGGGGG"].filter((c) => c !== room.code);
  const misses = [];
  for (const code of guesses.slice(0, 5)) misses.push((await fromAddress("127.0.0.7", `${url}/api/rooms/${code}/join`, "POST", { name: "Guess" })).status);
  expect(misses).toEqual([404, 404, 404, 404, 404]);
  const real = await fromAddress("127.0.0.7", `${url}/api/rooms/${room.code}/join`, "POST", { name: "Guess" });
  const madeUp = await fromAddress("127.0.0.7", `${url}/api/rooms/${guesses[5]}`);
  expect([real.status, madeUp.status]).toEqual([429, 429]);
  expect(Number(real.headers["retry-after"])).toBeGreaterThanOrEqual(1);
  expect(real.json.error).toMatch(/Too many unknown room codes/);
  expect((await fromAddress("127.0.0.8", `${url}/api/rooms/${room.code}/join`, "POST", { name: "Ann" })).status).toBe(201);
});

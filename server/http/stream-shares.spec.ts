// One client's share of the live streams: a client holding its whole share is told so (429, Retry-After) and the
// teacher's board stream, from another address, still opens; a full server says which limit is reached (503).
import { afterAll, beforeAll, expect, test } from "vitest";
import { fromAddress, streamFromAddress } from "../testing/from-address";
import { helpDesk } from "../testing/fixtures";
import { bearer, startRoomPlayground, type RoomPlayground } from "../testing/rooms";

let rp: RoomPlayground;
beforeAll(async () => {
  rp = await startRoomPlayground({ liveStreams: { total: 8, perClient: 5 } });
});
afterAll(() => rp?.close());

const ATTACKER = "127.0.0.2";
const TEACHER = "127.0.0.3";
const OTHERS = ["127.0.0.4", "127.0.0.5"];

test("a client at its share gets 429; the teacher's board opens; a full server answers 503 naming LIVE_STREAMS", async () => {
  const url = rp.pg.url;
  const session = (await fromAddress(ATTACKER, `${url}/api/sessions`, "POST", { files: helpDesk() })).json;
  const traffic = `${url}/api/sessions/${session.id}/traffic`;
  const held = await Promise.all(Array.from({ length: 5 }, () => streamFromAddress(ATTACKER, traffic)));
  expect(held.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
  const over = await streamFromAddress(ATTACKER, traffic);
  expect(over.status).toBe(429);
  expect(over.headers["retry-after"]).toBe("30");
  expect(JSON.parse(over.body).error).toMatch(/LIVE_STREAMS_PER_CLIENT/);

  const room = (await fromAddress(TEACHER, `${url}/api/rooms`, "POST", {})).json;
  const board = await streamFromAddress(TEACHER, `${url}/api/rooms/${room.code}/events`, bearer(room.teacherKey));
  expect(board.status).toBe(200);

  // 5 + 1 held; two more fill the server, and the next client is told the server's limit, not its own share.
  const more = await Promise.all(OTHERS.map((a) => streamFromAddress(a, `${url}/api/rooms/${room.code}/events`, bearer(room.teacherKey))));
  expect(more.map((s) => s.status)).toEqual([200, 200]);
  const full = await streamFromAddress("127.0.0.6", `${url}/api/rooms/${room.code}/events`, bearer(room.teacherKey));
  expect(full.status).toBe(503);
  expect(JSON.parse(full.body).error).toMatch(/LIVE_STREAMS\)/);

  // Letting streams go gives the slots back.
  for (const s of [...held, board, ...more]) s.close();
  await expect.poll(async () => (await streamFromAddress(ATTACKER, traffic)).status).toBe(200);
});

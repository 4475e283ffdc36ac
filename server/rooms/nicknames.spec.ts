// Nicknames in a room, on PGlite or DATABASE_URL's PostgreSQL: a taken name gets a suffix, also at the length limit,
// where the suffix takes the name's last characters.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createRoom, joinRoom, startRoomPlayground, type RoomPlayground } from "../testing/rooms";

let kit: RoomPlayground;
beforeAll(async () => {
  kit = await startRoomPlayground();
});
afterAll(() => kit?.close());

describe("nicknames at the length limit", () => {
  test("three joins with the same 40-character name get three names, not 'room full'", async () => {
    const room = await createRoom(kit.pg, "Long names");
    const long = "N".repeat(40);
    const joined = [];
    for (let i = 0; i < 3; i++) joined.push(await joinRoom(kit.pg, room.code, long));
    expect(joined.map((j) => j.name)).toEqual([long, `${"N".repeat(36)} (2)`, `${"N".repeat(36)} (3)`]);
  });
});

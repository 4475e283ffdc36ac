// /api/challenges on PGlite or DATABASE_URL's PostgreSQL: create, read, change, delete with the author key (and only
// its own challenges), export as the course's folders in a zip and import that zip back, and every bad input a 4xx
// with a message, never a 500.
import { deflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AuthoredChallenge, ChallengeCreated, ChallengeSaved } from "../../contract/challenges";
import { getChallenge, putChallenge, saveChallenge, shippedDraft } from "../testing/authoring";
import { api } from "../testing/harness";
import { bearer, createRoom, joinRoom, startRoomPlayground, type RoomPlayground } from "../testing/rooms";
import { readZip, writeZip } from "./zip";

const C1 = "c1-confirm-before-deleting";
let kit: RoomPlayground;
let draft: Awaited<ReturnType<typeof shippedDraft>>;

beforeAll(async () => {
  kit = await startRoomPlayground({ challengeLimits: { fileBytes: 16 * 1024, files: 12, textBytes: 8 * 1024 } });
  draft = await shippedDraft(C1);
});
afterAll(() => kit?.close());

const exportZip = (id: string, key: string) => fetch(`${kit.pg.url}/api/challenges/${id}/export`, { headers: bearer(key) });
const importZip = (zip: Uint8Array, type = "application/zip") =>
  fetch(`${kit.pg.url}/api/challenges/import`, { method: "POST", headers: { "content-type": type }, body: zip });

describe("a teacher's challenge", () => {
  test("is created with an author key, read, changed and deleted with it, and with no other key", async () => {
    const created = await saveChallenge(kit.pg, draft);
    expect(created.status).toBe(201);
    const { id, authorKey, status } = ChallengeCreated.parse(created.json);
    expect(status).toBe("published");
    const other = ChallengeCreated.parse((await saveChallenge(kit.pg, { ...draft, title: "Someone else's" })).json);

    const read = await getChallenge(kit.pg, id, authorKey);
    expect(read.status).toBe(200);
    const got = AuthoredChallenge.parse(read.json);
    expect({ ...got, id: undefined, status: undefined, proof: undefined, updatedAt: undefined }).toMatchObject({ ...draft });
    expect(got.checks).toEqual(draft.checks);

    expect((await getChallenge(kit.pg, id)).status).toBe(401);
    const foreign = await getChallenge(kit.pg, id, other.authorKey);
    expect(foreign.status).toBe(403);
    expect(foreign.json.error).toMatch(/not this challenge's author key/);
    expect((await putChallenge(kit.pg, id, other.authorKey, draft)).status).toBe(403);
    expect((await api(kit.pg, "DELETE", `/api/challenges/${id}`, undefined, bearer(other.authorKey))).status).toBe(403);
    expect((await exportZip(id, other.authorKey)).status).toBe(403);
    expect((await getChallenge(kit.pg, "a-nosuchchalle", authorKey)).status).toBe(404);
    expect((await getChallenge(kit.pg, "%2E%2E%2Fetc", authorKey)).status).toBe(404);

    const changed = await putChallenge(kit.pg, id, authorKey, { ...draft, text: "# Changed\n\nDelete with care." });
    expect(changed.status).toBe(200);
    expect(ChallengeSaved.parse(changed.json).status).toBe("published");
    expect((await getChallenge(kit.pg, id, authorKey)).json.text).toBe("# Changed\n\nDelete with care.");

    const deleted = await api(kit.pg, "DELETE", `/api/challenges/${id}`, undefined, bearer(authorKey));
    expect(deleted.json).toEqual({ id, deleted: true });
    expect((await getChallenge(kit.pg, id, authorKey)).status).toBe(404);
    expect((await getChallenge(kit.pg, other.id, other.authorKey)).status).toBe(200);
  });

  test("exports as lessons/ and checks/ folders in a zip, and imports back the same challenge", async () => {
    const broken = { "deletes-at-once": draft.starter };
    const { id, authorKey } = (await saveChallenge(kit.pg, { ...draft, broken })).json;
    const res = await exportZip(id, authorKey);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const zip = Buffer.from(await res.arrayBuffer());
    const folders = readZip(zip, { maxEntries: 100, maxFileBytes: 1 << 20 });
    const name = "challenge-confirm-before-deleting-our-copy";
    expect(Object.keys(folders).sort()).toEqual(
      [
        `checks/${name}/broken/deletes-at-once/delete-ticket.tool.ts`,
        `checks/${name}/checks.test.ts`,
        `checks/${name}/hints.json`,
        `checks/${name}/solution/delete-ticket.tool.ts`,
        `lessons/${name}/files/delete-ticket.tool.ts`,
        `lessons/${name}/lesson.md`,
        `lessons/${name}/meta.json`,
      ].sort(),
    );
    expect(JSON.parse(folders[`lessons/${name}/meta.json`])).toMatchObject({ id: name, kind: "challenge", title: draft.title, persona: "modern" });

    const imported = await importZip(zip);
    expect(imported.status).toBe(201);
    const again = ChallengeCreated.parse(await imported.json());
    expect(again.id).not.toBe(id);
    const [before, after] = [await getChallenge(kit.pg, id, authorKey), await getChallenge(kit.pg, again.id, again.authorKey)];
    const content = ({ id: _, updatedAt: __, proof: ___, ...rest }: AuthoredChallenge) => rest;
    expect(content(AuthoredChallenge.parse(after.json))).toEqual(content(AuthoredChallenge.parse(before.json)));

    // A folder zipped by an archiver: one folder level above lessons/ and checks/, entries deflated.
    const nested = Object.fromEntries(Object.entries(folders).map(([path, text]) => [`my-challenge/${path}`, text]));
    const deflated = deflateEntries(writeZip(nested));
    expect((await importZip(deflated)).status).toBe(201);
  });

  test("starts from a copy of a shipped challenge for a room's teacher, and for no learner", async () => {
    const room = await createRoom(kit.pg, "Copying");
    const learner = await joinRoom(kit.pg, room.code, "Kim");
    const copy = (key: string, from = C1) => api(kit.pg, "POST", "/api/challenges/copy", { from, room: room.code }, bearer(key));
    const copied = await copy(room.teacherKey);
    expect(copied.status).toBe(200);
    expect(copied.json).toMatchObject({
      title: "Challenge: confirm before deleting (copy)",
      checks: draft.checks,
      solution: draft.solution,
      hints: draft.hints,
    });
    expect((await copy(learner.learnerKey)).status).toBe(403);
    expect((await copy(room.projectorKey)).status).toBe(403);
    expect((await api(kit.pg, "POST", "/api/challenges/copy", { from: C1, room: room.code })).status).toBe(401);
    expect((await copy(room.teacherKey, "01-acts-without-asking")).status).toBe(404);
    expect((await copy(room.teacherKey, "c7-write-the-tests")).status).toBe(404);
  });

  test("refuses bad input with a 4xx and a message", async () => {
    const cases: [string, unknown, number, RegExp][] = [
      ["no title", { ...draft, title: "  " }, 400, /needs a title/],
      ["a long title", { ...draft, title: "x".repeat(81) }, 400, /at most 80 characters/],
      ["no checks", { ...draft, checks: {} }, 400, /at least one check file/],
      ["a check file name", { ...draft, checks: { "../x.test.ts": "" } }, 400, /named like checks.test.ts/],
      ["a large file", { ...draft, starter: { "a.tool.ts": "x".repeat(17 * 1024) } }, 400, /starter: a.tool.ts is larger than 16 KB/],
      ["many files", { ...draft, broken: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`v${i}`, draft.starter])) }, 400, /at most 12 files/],
      ["a long text", { ...draft, text: "x".repeat(9 * 1024) }, 400, /text and hints together are larger than 8 KB/],
      ["a bad persona", { ...draft, persona: "robot" }, 400, /"persona" must be one of/],
      ["a bad file name", { ...draft, solution: { "../x.ts": "" } }, 400, /solution: "..\/x.ts" is not a valid file name/],
      ["a bad variant name", { ...draft, broken: { "Bad Name": draft.starter } }, 400, /lower-case slug/],
      ["an extra field", { ...draft, secret: 1 }, 400, /./],
      ["not an object", [1, 2], 400, /./],
    ];
    for (const [what, body, status, message] of cases) {
      const res = await saveChallenge(kit.pg, body);
      expect({ what, status: res.status }).toEqual({ what, status });
      expect(res.json.error, what).toMatch(message);
    }
    const text = await api(kit.pg, "POST", "/api/challenges", "{not json", { "content-type": "application/json" });
    expect(text.status).toBe(400);

    const notZip = await importZip(new TextEncoder().encode("hello"));
    expect(notZip.status).toBe(400);
    expect(((await notZip.json()) as { error: string }).error).toMatch(/not a zip file/);
    expect((await importZip(writeZip({ "readme.md": "x" }))).status).toBe(400);
    expect((await importZip(writeZip({ "lessons/x/meta.json": "{" }))).status).toBe(400);
    const wrongType = await importZip(writeZip({ a: "b" }), "application/json");
    expect(wrongType.status).toBe(415);
    const truncated = writeZip({ "lessons/x/meta.json": "{}" }).subarray(0, 40);
    expect((await importZip(truncated)).status).toBe(400);
  });
});

/** The same zip with every entry deflated, as archivers write them. */
function deflateEntries(stored: Buffer): Buffer {
  const files = readZip(stored, { maxEntries: 100, maxFileBytes: 1 << 20 });
  const zip = writeZip(Object.fromEntries(Object.keys(files).map((name) => [name, ""])));
  // Rebuild by hand: local header + deflated data, and the central directory pointing at it.
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let at = zip.readUInt32LE(zip.length - 22 + 16);
  for (const [name, text] of Object.entries(files)) {
    const data = deflateRawSync(Buffer.from(text));
    const header = Buffer.from(zip.subarray(at, at + 46));
    const localHeader = Buffer.alloc(30);
    localHeader.writeUInt32LE(0x04034b50, 0);
    localHeader.writeUInt16LE(8, 8);
    localHeader.writeUInt32LE(data.length, 18);
    localHeader.writeUInt32LE(Buffer.byteLength(text), 22);
    localHeader.writeUInt16LE(Buffer.byteLength(name), 26);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(Buffer.byteLength(text), 24);
    header.writeUInt32LE(offset, 42);
    const nameBytes = Buffer.from(name);
    parts.push(localHeader, nameBytes, data);
    central.push(header, nameBytes);
    offset += 30 + nameBytes.length + data.length;
    at += 46 + nameBytes.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

// An authored challenge's checks and solution never reach a learner, on PGlite or DATABASE_URL's PostgreSQL: no
// learner route answers them (until the teacher releases the solution, then the solution only), and learner code,
// in its own session or while Check runs it, finds them nowhere in its sandbox.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { saveChallenge, shippedDraft } from "../testing/authoring";
import { api } from "../testing/harness";
import { bearer, checkIn, createRoom, joinRoom, openStream, startRoomPlayground, type RoomPlayground } from "../testing/rooms";

const C1 = "c1-confirm-before-deleting";
// Written split in the learner's code below, so its own source never holds the joined words.
const IN_CHECKS = "hidden-check-words-7f3a";
const IN_SOLUTION = "hidden-solution-words-7f3a";
let kit: RoomPlayground;
let draft: Awaited<ReturnType<typeof shippedDraft>>;
let challenge: { id: string; authorKey: string };

beforeAll(async () => {
  kit = await startRoomPlayground();
  const c1 = await shippedDraft(C1);
  const [tool] = Object.keys(c1.solution);
  draft = {
    ...c1,
    checks: { "checks.test.ts": `// ${IN_CHECKS}\n${c1.checks["checks.test.ts"]}` },
    solution: { [tool]: `// ${IN_SOLUTION}\n${c1.solution[tool]}` },
  };
  challenge = (await saveChallenge(kit.pg, draft)).json;
});
afterAll(() => kit?.close());

/**
 * A project that, as it loads, looks through everything its realm can reach (every global, what they hold, two levels
 * down, and the source text of every function) for the hidden words, and fails to load when it finds any.
 */
function snooping(files: Record<string, string>, plant = ""): Record<string, string> {
  const look = `
const wanted = ["hidden-check" + "-words-7f3a", "hidden-solution" + "-words-7f3a"];
const texts: string[] = [];
const seen = new Set<unknown>();
function walk(value: unknown, depth: number): void {
  if (value === null || seen.has(value)) return;
  if (typeof value === "string") return void texts.push(value);
  if (typeof value !== "object" && typeof value !== "function") return;
  seen.add(value);
  if (typeof value === "function") { try { texts.push(Function.prototype.toString.call(value)); } catch {} }
  if (depth > 2) return;
  for (const key of Reflect.ownKeys(value as object)) {
    try { walk((value as Record<PropertyKey, unknown>)[key], depth + 1); } catch {}
  }
}
${plant}
walk(globalThis, 0);
const found = wanted.filter((w) => texts.some((t) => t.includes(w)));
if (found.length) throw new Error("found " + found.join(", "));
export {};
`;
  return { ...files, "snoop.ts": look, [Object.keys(files)[0]]: `import "./snoop";\n${Object.values(files)[0]}` };
}

const leaks = (text: string) => [IN_CHECKS, IN_SOLUTION].filter((w) => text.includes(w));

describe("an authored challenge's checks and solution", () => {
  test("are in no learner route's answer until the teacher releases the solution", async () => {
    const room = await createRoom(kit.pg, "Secrets");
    await api(kit.pg, "POST", `/api/rooms/${room.code}/items`, { challengeId: challenge.id }, bearer(room.teacherKey));
    const kim = await joinRoom(kit.pg, room.code, "Kim");
    const stream = await openStream(`${kit.pg.url}/api/rooms/${room.code}/me/events`, kim.learnerKey);
    const session = (await api(kit.pg, "POST", "/api/sessions", { lessonId: challenge.id })).json;
    const answers = [
      await api(kit.pg, "GET", "/api/lessons"),
      await api(kit.pg, "GET", `/api/lessons/${challenge.id}`),
      await api(kit.pg, "GET", `/?lesson=${challenge.id}`),
      await api(kit.pg, "GET", `/api/rooms/${room.code}/me`, undefined, bearer(kim.learnerKey)),
      await checkIn(kit.pg, challenge.id, draft.starter, kim.learnerKey),
      await checkIn(kit.pg, challenge.id, draft.starter),
      await api(kit.pg, "GET", `/api/challenges/${challenge.id}`, undefined, bearer(kim.learnerKey)),
      await api(kit.pg, "GET", `/api/challenges/${challenge.id}/export`, undefined, bearer(kim.learnerKey)),
      await api(kit.pg, "GET", `/api/challenges/${challenge.id}`, undefined, bearer(room.teacherKey)),
    ];
    for (let i = 0; i < 3; i++) await api(kit.pg, "POST", `/api/challenges/${challenge.id}/check`, { files: draft.starter, session: session.id });
    answers.push(await api(kit.pg, "POST", `/api/sessions/${session.id}/solution`, { challenge: challenge.id }));
    for (const answer of answers) expect(leaks(answer.text)).toEqual([]);
    expect(answers.slice(6).map((a) => a.status)).toEqual([403, 403, 403, 404]);

    await api(kit.pg, "POST", `/api/rooms/${room.code}/lead`, { action: "release", item: challenge.id, what: "solution" }, bearer(room.teacherKey));
    const released = await api(kit.pg, "GET", `/api/rooms/${room.code}/me`, undefined, bearer(kim.learnerKey));
    expect(leaks(released.text)).toEqual([IN_SOLUTION]);
    await stream.next((event) => JSON.stringify(event).includes(IN_SOLUTION));
    expect(stream.events.slice(0, 1).map((e) => leaks(JSON.stringify(e)))).toEqual([[]]);
    expect(leaks(JSON.stringify(stream.events))).toEqual([IN_SOLUTION]);
    stream.close();
  });

  test("are nowhere in a learner's sandbox: their session's VM, or the server VM their Check runs", async () => {
    // The look finds what is there: words planted in the realm are found and the project fails to load.
    const planted = await api(kit.pg, "POST", "/api/sessions", {
      files: snooping(draft.solution, `(globalThis as any).x = ["hidden-check" + "-words-7f3a"];`),
    });
    expect(JSON.stringify(planted.json)).toMatch(/found hidden-check-words-7f3a/);

    const session = await api(kit.pg, "POST", "/api/sessions", { files: snooping(draft.solution) });
    expect(session.status).toBe(201);
    expect(JSON.stringify(session.json)).not.toMatch(/found/);
    const check = await checkIn(kit.pg, challenge.id, snooping(draft.solution));
    expect(check.json.failure).toBeUndefined();
    expect(check.json.passed).toBe(true);
  });
});

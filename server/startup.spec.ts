// The start-up order's warm build, and a session made from a lesson's id that answers what discovery would.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Playground } from "./app";
import { listLessons } from "./lessons/catalog";
import { api, startTestPlayground } from "./testing/harness";

let pg: Playground;
let first: string;
beforeAll(async () => {
  // One worker, so the warm build and the first learner's load meet in the same worker's images.
  pg = await startTestPlayground({ warmStart: true, workers: 1 });
  first = (await listLessons())[0].id;
});
afterAll(() => pg.close());

describe("a warm start", () => {
  test("the first lesson is built before the first request, and no session is left behind", async () => {
    const before = await pg.pool.stats();
    expect(before.loadImages.misses + before.loadImages.hits).toBeGreaterThan(0);
    expect(before.vms).toBe(0);
    expect(pg.registry.size).toBe(0);
  });

  test("the first learner's session of that lesson loads from the image the warm build left", async () => {
    const hits = (await pg.pool.stats()).loadImages.hits;
    const r = await api(pg, "POST", "/api/sessions", { lessonId: first });
    expect(r.status).toBe(201);
    expect((await pg.pool.stats()).loadImages.hits).toBe(hits + 1);
  });
});

describe("a session from a lesson's id", () => {
  test("builds the lesson's starter and answers what server/discover would", async () => {
    const r = await api(pg, "POST", "/api/sessions", { lessonId: first });
    expect(r.status).toBe(201);
    expect(r.json.tools.length).toBeGreaterThan(0);
    const asked = new Client({ name: "t", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await asked.connect(new StreamableHTTPClientTransport(new URL(r.json.mcpUrl)));
    expect(r.json.discover).toEqual(JSON.parse(JSON.stringify(asked.getDiscoverResult())));
    await asked.close();
    // A client that adopts it calls without asking first.
    const adopted = new Client({ name: "t", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await adopted.connect(new StreamableHTTPClientTransport(new URL(r.json.mcpUrl)), { prior: { kind: "modern", discover: r.json.discover } });
    expect((await adopted.listTools()).tools.map((t) => t.name)).toEqual(r.json.tools.map((t: { name: string }) => t.name));
    await adopted.close();
  });

  test("an unknown lesson is a 404, a malformed id a 400", async () => {
    expect((await api(pg, "POST", "/api/sessions", { lessonId: "no-such-lesson" })).status).toBe(404);
    expect((await api(pg, "POST", "/api/sessions", { lessonId: 7 })).status).toBe(400);
    expect((await api(pg, "POST", "/api/sessions", { lessonId: first, files: {} })).status).toBe(400);
  });
});

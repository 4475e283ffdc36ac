// A pinned 2026-07-28 client against a server on SDK 1.x: the real client's error, turned into the Call tab's words.
import { readFile } from "node:fs/promises";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Playground } from "../../server/app";
import { createSession, startTestPlayground } from "../../server/testing/harness";
import { ERA_MISMATCH_TEXT, eraMismatch } from "./era-mismatch";

let pg: Playground;
beforeAll(async () => {
  pg = await startTestPlayground();
});
afterAll(() => pg?.close());

test("a pinned 2026-07-28 connect to the 1.x support desk fails, and says why in plain words", async () => {
  const file = await readFile(new URL("../../lessons/13-support-desk-on-the-official-sdk/files/src/server.ts", import.meta.url), "utf8");
  const s = await createSession(pg, { "src/server.ts": file });
  const client = new Client({ name: "pinned", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  const failure = await client.connect(new StreamableHTTPClientTransport(new URL(s.mcpUrl))).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(eraMismatch(failure)?.message).toBe(ERA_MISMATCH_TEXT);
  expect(eraMismatch(new Error("network down"))).toBeUndefined();
});

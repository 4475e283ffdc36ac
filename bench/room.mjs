// A room: N learners (300 by default) join one room, then check challenge c1 in waves (everyone with the starter
// files, then everyone with the solution), `--wave` learners at a time. A teacher follows the board's event stream.
// Figures: board event delay (a check's answer to the first board event that counts it) p50/p95, database time per
// recorded check (the server's Server-Timing), join time, memory per learner, and what opening PGlite cost.
// `--n 300`, `--wave 100`. DATABASE_URL in the environment uses that server instead of PGlite.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { api, apiOk, challengeSolution } from "./lib/api.mjs";
import { intArg } from "./lib/args.mjs";
import { cpuMs, startChild } from "./lib/children.mjs";
import { runIfMain } from "./lib/main.mjs";
import { printTable, writeResult } from "./lib/report.mjs";
import { round, since, summarize } from "./lib/stats.mjs";

const CHALLENGE = "c1-confirm-before-deleting";
const TARGET_DELAY_P95_MS = 1000;

/** Joins, waiting out a 429 as the page does (Retry-After), so a room joining at once from one address gets in. */
async function joinRoom(url, code, name, waits) {
  for (;;) {
    const started = performance.now();
    const res = await api(url, "POST", `/api/rooms/${code}/join`, { name });
    if (res.status === 201) return { key: res.json.learnerKey, ms: since(started) };
    if (res.status !== 429) throw new Error(`join ${name}: ${res.status} ${res.text.slice(0, 200)}`);
    waits.count++;
    await new Promise((r) => setTimeout(r, Number(res.json.retryAfterSeconds ?? 1) * 1000 * (1 + Math.random())));
  }
}

/** The teacher's live board: every event's arrival time and its counts for the challenge. */
async function followBoard(url, code, teacherKey) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/rooms/${code}/events`, { headers: { authorization: `Bearer ${teacherKey}` }, signal: controller.signal });
  if (res.status !== 200) throw new Error(`events: ${res.status}`);
  const events = [];
  const done = (async () => {
    try {
      // The SDK client's own event-stream parser (multi-line data, comments, CRLF, split chunks).
      for await (const event of res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream())) {
        if (!event.data) continue;
        const c1 = JSON.parse(event.data).board.challenges.find((c) => c.id === CHALLENGE);
        events.push({ at: performance.now(), tried: c1.tried, passed: c1.passed });
      }
    } catch {
      // aborted at the end
    }
  })();
  return { events, stop: () => (controller.abort(), done) };
}

/** For the k-th answered check, the first board event at or after it whose count reached k. */
function delays(answers, events, field) {
  const sorted = [...answers].sort((a, b) => a - b);
  return sorted.map((at, i) => {
    const seen = events.find((e) => e[field] >= i + 1 && e.at >= at) ?? events.find((e) => e[field] >= i + 1);
    return seen ? Math.max(0, seen.at - at) : NaN;
  });
}

async function wave(url, learners, files, size, expectPassed) {
  const answered = [];
  const dbMs = [];
  const checkMs = [];
  for (let i = 0; i < learners.length; i += size) {
    await Promise.all(
      learners.slice(i, i + size).map(async (l) => {
        const started = performance.now();
        const res = await fetch(`${url}/api/challenges/${CHALLENGE}/check`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ files, learnerKey: l.key }),
        });
        const report = await res.json();
        if (res.status !== 200 || report.passed !== expectPassed) throw new Error(`check: ${res.status} ${JSON.stringify(report).slice(0, 200)}`);
        answered.push(performance.now());
        checkMs.push(since(started));
        const db = /db;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
        if (db) dbMs.push(Number(db[1]));
      }),
    );
  }
  return { answered, dbMs, checkMs };
}

export async function main(args) {
  const n = intArg(args, "n", 300);
  const size = intArg(args, "wave", 100);
  const dataDir = mkdtempSync(join(tmpdir(), "bench-room-"));
  const server = await startChild("bench/servers/playground.ts", { env: { DATA_DIR: dataDir } });
  try {
    const starter = (await apiOk(server.url, "GET", `/api/lessons/${CHALLENGE}`)).files;
    const solution = await challengeSolution(CHALLENGE);
    // One check before anything, so the first compile is not charged to the room.
    await apiOk(server.url, "POST", `/api/challenges/${CHALLENGE}/check`, { files: solution });
    const beforeDb = server.memory();
    const openStarted = performance.now();
    const room = await apiOk(server.url, "POST", "/api/rooms", { title: "Bench room" }, 201);
    const openMs = since(openStarted);
    const openPeak = server.memory();
    // Creating a data folder peaks far above what PGlite then holds: measure after it settles.
    await new Promise((r) => setTimeout(r, 3000));
    const afterDb = server.memory();
    const board = await followBoard(server.url, room.code, room.teacherKey);

    const waits = { count: 0 };
    const joinStarted = performance.now();
    const learners = await Promise.all(Array.from({ length: n }, (_, i) => joinRoom(server.url, room.code, `learner ${i + 1}`, waits)));
    const joinWallMs = since(joinStarted);
    const afterJoin = server.memory();

    const cpuBefore = cpuMs(server.pid);
    const wrong = await wave(server.url, learners, starter, size, false);
    const right = await wave(server.url, learners, solution, size, true);
    const cpuAfter = cpuMs(server.pid);
    // Let the last board events arrive.
    const last = await (async () => {
      for (let i = 0; i < 100; i++) {
        if (board.events.at(-1)?.passed >= n) return true;
        await new Promise((r) => setTimeout(r, 50));
      }
      return false;
    })();
    await board.stop();
    const afterChecks = server.memory();

    const delayTried = summarize(delays(wrong.answered, board.events, "tried"));
    const delayPassed = summarize(delays(right.answered, board.events, "passed"));
    const allDelays = summarize([...delays(wrong.answered, board.events, "tried"), ...delays(right.answered, board.events, "passed")]);
    const db = summarize([...wrong.dbMs, ...right.dbMs]);
    const checks = summarize([...wrong.checkMs, ...right.checkMs]);
    const result = {
      n,
      wave: size,
      database: process.env.DATABASE_URL ? "postgres" : "pglite",
      boardEvents: board.events.length,
      allCounted: last,
      delayMs: { all: allDelays, firstWave: delayTried, secondWave: delayPassed },
      dbMsPerCheck: db,
      checkMs: checks,
      join: { wallMs: joinWallMs, retriedAfter429: waits.count, perJoin: summarize(learners.map((l) => l.ms)) },
      cpuMsPerCheck: (cpuAfter.serverMs + cpuAfter.childrenMs - cpuBefore.serverMs - cpuBefore.childrenMs) / (2 * n),
      memory: {
        beforeDatabaseMB: beforeDb.rssMB,
        openingDatabaseMB: afterDb.rssMB - beforeDb.rssMB,
        openingDatabasePeakMB: openPeak.hwmMB - beforeDb.rssMB,
        openingDatabaseMs: openMs,
        perLearnerJoinedMB: (afterJoin.rssMB - afterDb.rssMB) / n,
        perLearnerAfterChecksMB: (afterChecks.rssMB - afterDb.rssMB) / n,
        peakMB: afterChecks.hwmMB,
      },
    };
    printTable(`Room: ${n} learners join one room, then check ${CHALLENGE} in waves of ${size} (${result.database})`, [
      { figure: "board event delay p50 (check answered → board counts it)", value: round(allDelays.median), unit: "ms" },
      { figure: "board event delay p95", value: round(allDelays.p95), unit: "ms", target: `< ${TARGET_DELAY_P95_MS} ms` },
      { figure: "board events received / every check counted", value: `${board.events.length} / ${last}` },
      { figure: "database time per recorded check p50 / p95", value: `${round(db.median)} / ${round(db.p95)}`, unit: "ms" },
      { figure: "check p50 / p95 (wall, waves at once)", value: `${round(checks.median)} / ${round(checks.p95)}`, unit: "ms" },
      { figure: "server CPU per check (+ esbuild)", value: round(result.cpuMsPerCheck, 1), unit: "ms" },
      { figure: `${n} joins (429s waited out)`, value: `${round(joinWallMs / 1000, 1)} s (${waits.count})` },
      { figure: "join p50 / p95", value: `${round(result.join.perJoin.median)} / ${round(result.join.perJoin.p95)}`, unit: "ms" },
      {
        figure: "opening the database (first room): RSS held / peak / time",
        value: `${round(result.memory.openingDatabaseMB, 0)} MB / ${round(result.memory.openingDatabasePeakMB, 0)} MB / ${round(openMs / 1000, 1)} s`,
      },
      {
        figure: "RSS per learner, joined / after two checks",
        value: `${round(result.memory.perLearnerJoinedMB, 3)} / ${round(result.memory.perLearnerAfterChecksMB, 3)}`,
        unit: "MB",
      },
      { figure: "server RSS before database / peak", value: `${round(beforeDb.rssMB, 0)} / ${round(afterChecks.hwmMB, 0)}`, unit: "MB" },
    ]);
    await writeResult("room", result);
    return result;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runIfMain(import.meta, main);

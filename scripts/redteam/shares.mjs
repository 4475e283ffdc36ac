// One participant cannot shut the others out: each case is one client (its own loopback address) taking a shared
// resource up to its share, and what the others still get. Each client's address is its own; none is forged.
import { mcp, officialServer, send, sleep, startServer, tool } from "./harness.mjs";

const initialize = (mcpUrl, from) =>
  send(mcpUrl, {
    method: "POST",
    from,
    headers: { accept: "application/json, text/event-stream" },
    body: {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "burst", version: "1" } },
    },
  });
/** Whether a 2025-11-25 connection is still served (a ping on it answers 200). */
const stillOpen = (mcpUrl, sid, from) =>
  send(mcpUrl, {
    method: "POST",
    from,
    headers: { accept: "application/json, text/event-stream", "mcp-session-id": sid, "mcp-protocol-version": "2025-11-25" },
    body: { jsonrpc: "2.0", id: 2, method: "ping" },
  }).then((r) => r.status === 200);
const COUNT = { "count.tool.ts": tool("count", "n++; return { n };", "let n = 0;") };
const QUICK_TEST = `import { expect, test } from "@frontmcp/testing";\ntest("ok", async ({ mcp }) => { expect((await mcp.tools.list()).length).toBe(1); });\n`;

export async function shareCases({ server, check }) {
  const { json, url } = server;

  // Official-SDK instances per session
  const attacker = "127.0.0.21";
  const target = await server.session({ "server.ts": officialServer() }, attacker);
  let burst = [];
  await check("40 concurrent initializes on one official-SDK session", "every answer 200 or 503, none 500", async () => {
    burst = await Promise.all(Array.from({ length: 40 }, () => initialize(target.mcpUrl, attacker)));
    const counts = {};
    for (const r of burst) counts[r.status] = (counts[r.status] ?? 0) + 1;
    return { observed: JSON.stringify(counts), ok: burst.every((r) => r.status === 200 || r.status === 503) };
  });
  await check("connections still served after that burst", "at most 8 (one instance each)", async () => {
    const sids = burst.map((r) => r.headers["mcp-session-id"]).filter(Boolean);
    const open = (await Promise.all(sids.map((sid) => stillOpen(target.mcpUrl, sid, attacker)))).filter(Boolean).length;
    return { observed: `${open} of ${sids.length} answered connections still open`, ok: open <= 8 };
  });
  await check("a refused initialize says why", "503, Retry-After, names the per-session limit", async () => {
    const refused = burst.find((r) => r.status === 503);
    if (!refused) return { observed: "none refused (all 40 started one after another)", ok: true };
    return {
      observed: `${refused.headers["retry-after"]}; ${refused.json?.error?.message}`.slice(0, 120),
      ok: Boolean(refused.headers["retry-after"]) && /limit per session/.test(refused.json?.error?.message),
    };
  });
  await check("5 sessions x 40 initializes, then a learner's new official-SDK session", "the learner's session builds and counts", async () => {
    const sessions = await Promise.all(Array.from({ length: 5 }, () => server.session({ "server.ts": officialServer() }, attacker)));
    await Promise.all(sessions.flatMap((s) => Array.from({ length: 40 }, () => initialize(s.mcpUrl, attacker))));
    const created = await json("POST", "/api/sessions", { files: { "server.ts": officialServer() } }, {}, 60_000, "127.0.0.22");
    const r = created.status === 201 ? await mcp(created.json.mcpUrl, 1, { name: "count", arguments: {} }, { from: "127.0.0.22" }) : {};
    return {
      observed: `created ${created.status}; count answered ${r.result?.content?.[0]?.text}`,
      ok: created.status === 201 && r.result?.content?.[0]?.text === "1",
    };
  });

  // Live streams per client
  const hog = "127.0.0.23";
  const own = await server.session(COUNT, hog);
  const held = [];
  await check("one client opens 700 of its own traffic streams (its share)", "all 700 open", async () => {
    for (let i = 0; i < 700; i += 50)
      held.push(...(await Promise.all(Array.from({ length: 50 }, () => send(`${url}/api/sessions/${own.id}/traffic`, { from: hog, stream: true })))));
    return { observed: `${held.filter((s) => s.status === 200).length} open`, ok: held.every((s) => s.status === 200) };
  });
  await check("the same client's 701st stream", "429 + Retry-After naming LIVE_STREAMS_PER_CLIENT", async () => {
    const r = await send(`${url}/api/sessions/${own.id}/traffic`, { from: hog, stream: true });
    return {
      observed: `${r.status} retry-after=${r.headers["retry-after"]} ${r.json?.error ?? ""}`.slice(0, 120),
      ok: r.status === 429 && Boolean(r.headers["retry-after"]) && /LIVE_STREAMS_PER_CLIENT/.test(r.json?.error),
    };
  });
  const teacher = "127.0.0.24";
  // The first room opens the database (PGlite takes tens of seconds on a busy machine); outside any case, so no
  // bystander is measured against it.
  const created = await json("POST", "/api/rooms", {}, {}, 240_000, teacher);
  const room = created.json ?? { code: "", teacherKey: "" };
  if (created.status !== 201) console.log(`room not created: ${created.status} ${created.error ?? created.text}`.slice(0, 200));
  await check("the teacher's board stream while a client holds its full share", "opens (200)", async () => {
    const board = await send(`${url}/api/rooms/${room.code}/events`, { from: teacher, stream: true, headers: { authorization: `Bearer ${room.teacherKey}` } });
    board.close();
    return { observed: String(board.status), ok: board.status === 200 };
  });
  await check("another learner's Wire feed while a client holds its full share", "opens (200)", async () => {
    const s = await server.session(COUNT, "127.0.0.25");
    const wire = await send(`${url}/api/sessions/${s.id}/traffic`, { from: "127.0.0.25", stream: true });
    wire.close();
    return { observed: String(wire.status), ok: wire.status === 200 };
  });
  await check("the client lets its streams go", "its next stream opens", async () => {
    for (const s of held) s.close();
    await sleep(300);
    const r = await send(`${url}/api/sessions/${own.id}/traffic`, { from: hog, stream: true });
    r.close();
    return { observed: String(r.status), ok: r.status === 200 };
  });

  await check("the traffic stream of a made-up session", "404", async () => {
    const r = await send(`${url}/api/sessions/AAAAAAAAAAAAAAAAAAAAAA/traffic`, { from: hog, stream: true });
    return { observed: String(r.status), ok: r.status === 404 };
  });
  await check("a room's board stream without the teacher key", "401", async () => {
    const r = await send(`${url}/api/rooms/${room.code}/events`, { from: "127.0.0.35", stream: true });
    return { observed: String(r.status), ok: r.status === 401 };
  });

  // Rooms: joins and code lookups
  await check("three joins with the same 40-character nickname", "201 each (suffixed), not 'room full'", async () => {
    const name = "N".repeat(40);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await json("POST", `/api/rooms/${room.code}/join`, { name }, {}, 30_000, `127.0.0.${30 + i}`));
    return { observed: answers.map((a) => `${a.status} ${a.json?.name ?? a.json?.error}`.slice(0, 40)).join("; "), ok: answers.every((a) => a.status === 201) };
  });
  const guesser = "127.0.0.26";
  const codes = Array.from({ length: 40 }, (_, i) => "ACDEFGHJKMNPQRTUVWXY34679"[i % 25].repeat(5) + "ACDEFGHJKMNPQRTUVWXY34679"[Math.floor(i / 25)]).filter(
    (c) => c !== room.code,
  );
  let guesses = [];
  await check("one address tries 40 made-up room codes", "404 at first, then 429 + Retry-After", async () => {
    for (const code of codes) guesses.push(await json("POST", `/api/rooms/${code}/join`, { name: "Guess" }, {}, 30_000, guesser));
    const s = guesses.map((g) => g.status);
    return {
      observed: `404=${s.filter((x) => x === 404).length} 429=${s.filter((x) => x === 429).length}`,
      ok: s[0] === 404 && s.at(-1) === 429 && Boolean(guesses.at(-1).headers["retry-after"]),
    };
  });
  await check("that address then tries the real room's code", "429, the same as a made-up code", async () => {
    const r = await json("POST", `/api/rooms/${room.code}/join`, { name: "Guess" }, {}, 30_000, guesser);
    return { observed: String(r.status), ok: r.status === 429 };
  });
  await check("another address joins the real room meanwhile", "201", async () => {
    const r = await json("POST", `/api/rooms/${room.code}/join`, { name: "Ann" }, {}, 30_000, "127.0.0.27");
    return { observed: String(r.status), ok: r.status === 201 };
  });
  await check("100 joins at once from one address", "429 + Retry-After past the burst; the room keeps working", async () => {
    const r = await Promise.all(
      Array.from({ length: 100 }, (_, i) => json("POST", `/api/rooms/${room.code}/join`, { name: `J${i}` }, {}, 30_000, "127.0.0.28")),
    );
    const limited = r.find((a) => a.status === 429);
    const board = await json("GET", `/api/rooms/${room.code}`, undefined, { authorization: `Bearer ${room.teacherKey}` }, 30_000, teacher);
    return {
      observed: `201=${r.filter((a) => a.status === 201).length} 429=${r.filter((a) => a.status === 429).length}; board ${board.status}`,
      ok: Boolean(limited?.headers["retry-after"]) && board.status === 200,
    };
  });

  // Test runs per client
  await check("12 test runs at once from one address (RUNS_PER_CLIENT=8)", "the rest 429 naming RUNS_PER_CLIENT; another address's run passes", async () => {
    const runner = "127.0.0.29";
    const slow = await server.session(
      { ...COUNT, "w.test.ts": `import { test } from "@frontmcp/testing";\ntest("waits", async () => { await new Promise(() => {}); });\n` },
      runner,
    );
    const runs = Array.from({ length: 12 }, () => json("POST", `/api/sessions/${slow.id}/tests`, {}, {}, 120_000, runner));
    await sleep(300);
    const other = await server.session({ ...COUNT, "q.test.ts": QUICK_TEST }, "127.0.0.34");
    const quick = await json("POST", `/api/sessions/${other.id}/tests`, {}, {}, 60_000, "127.0.0.34");
    const done = await Promise.all(runs);
    const limited = done.filter((r) => r.status === 429);
    return {
      observed: `200=${done.filter((r) => r.status === 200).length} 429=${limited.length}; other passed=${quick.json?.passed}`,
      ok: limited.length >= 4 && /RUNS_PER_CLIENT/.test(limited[0]?.json?.error) && quick.json?.passed === 1,
    };
  });

  // Servers of their own: a small session cap, a small share of sessions, a tiny sandbox
  const small = await startServer({ MAX_SESSIONS: "20", SESSION_ACTIVE_MINUTES: "5" });
  try {
    const learner = await small.session(COUNT, "127.0.0.41");
    await mcp(learner.mcpUrl, 1, { name: "count", arguments: {} }, { from: "127.0.0.41" });
    await check("25 sessions created and used once by one client (MAX_SESSIONS=20)", "a learner used 1 s earlier is not evicted", async () => {
      for (let i = 0; i < 25; i++) {
        const s = await small.session(COUNT, "127.0.0.42");
        await mcp(s.mcpUrl, 1, { name: "count", arguments: {} }, { from: "127.0.0.42" });
      }
      const r = await mcp(learner.mcpUrl, 2, { name: "count", arguments: {} }, { from: "127.0.0.41" });
      return { observed: `learner's next call: n=${r.result?.structuredContent?.n ?? r.httpStatus}`, ok: r.result?.structuredContent?.n === 2 };
    });
  } finally {
    small.child.kill("SIGTERM");
  }
  const shared = await startServer({ SESSIONS_PER_CLIENT: "5", SESSION_ACTIVE_MINUTES: "5" });
  try {
    await check(
      "a client's 6th session while its 5 are in use (SESSIONS_PER_CLIENT=5)",
      "429 + Retry-After naming SESSIONS_PER_CLIENT; others get theirs",
      async () => {
        for (let i = 0; i < 5; i++) {
          const s = await shared.session(COUNT, "127.0.0.43");
          await mcp(s.mcpUrl, 1, { name: "count", arguments: {} }, { from: "127.0.0.43" });
        }
        const r = await shared.json("POST", "/api/sessions", { files: COUNT }, {}, 30_000, "127.0.0.43");
        const other = await shared.json("POST", "/api/sessions", { files: COUNT }, {}, 30_000, "127.0.0.44");
        return {
          observed: `${r.status} retry-after=${r.headers["retry-after"]}; other address ${other.status}; ${r.json?.error ?? ""}`.slice(0, 120),
          ok: r.status === 429 && Boolean(r.headers["retry-after"]) && /SESSIONS_PER_CLIENT/.test(r.json?.error) && other.status === 201,
        };
      },
    );
  } finally {
    shared.child.kill("SIGTERM");
  }
  const tiny = await startServer({ SANDBOX_TOTAL_MB: "1" });
  try {
    await check("Check when the sandbox is full (SANDBOX_TOTAL_MB=1)", "503 + Retry-After naming the limit, never 500", async () => {
      const r = await tiny.json("POST", "/api/challenges/c1-confirm-before-deleting/check", { files: { "a.tool.ts": COUNT["count.tool.ts"] } });
      return {
        observed: `${r.status} retry-after=${r.headers["retry-after"]} ${r.json?.error ?? ""}`.slice(0, 120),
        ok: r.status === 503 && Boolean(r.headers["retry-after"]) && /SANDBOX_TOTAL_MB/.test(r.json?.error),
      };
    });
  } finally {
    tiny.child.kill("SIGTERM");
  }
}

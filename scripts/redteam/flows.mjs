// A flow's safety: an answer outside the form, requestState replayed or carried over a change, forged checks, and
// the caps on console output, reports, results and sandbox memory.
import { readdirSync, readFileSync } from "node:fs";
import { mcp, ROOT, rssCeilingMB, startServer, tool } from "./harness.mjs";

const ask = (question) =>
  tool(
    "close_ticket",
    `const a = await this.elicit(${question}, z.object({ confirm: z.boolean() })); if (a.status !== "accept" || !a.content!.confirm) return { closed: false }; closes++; return { closed: true, closes };`,
    "let closes = 0;",
    "{ id: z.string() }",
  );
const YES = { "elicitation-1": { action: "accept", content: { confirm: true } } };
const FROM = "127.0.0.11";

export async function flowCases({ server, check }) {
  const { json } = server;
  const session = (files) => server.session(files, FROM);
  const call = (s, id, params) => mcp(s.mcpUrl, id, params, { from: FROM });

  await check("answer with a field outside the form", "refused (INVALID_INPUT)", async () => {
    const s = await session({ "close.tool.ts": ask("`Close ${input.id}?`") });
    const r1 = await call(s, 1, { name: "close_ticket", arguments: { id: "T-1" } });
    const r2 = await call(s, 2, {
      name: "close_ticket",
      arguments: { id: "T-1" },
      requestState: r1.result.requestState,
      inputResponses: { "elicitation-1": { action: "accept", content: { confirm: true, deleteAll: true } } },
    });
    return { observed: String(r2.result?._meta?.code ?? JSON.stringify(r2).slice(0, 80)), ok: r2.result?._meta?.code === "INVALID_INPUT" };
  });
  await check("saved yes after a code change (new question)", "-32602, nothing done", async () => {
    const s = await session({ "close.tool.ts": ask("`Close ${input.id}?`") });
    const r1 = await call(s, 1, { name: "close_ticket", arguments: { id: "T-1" } });
    await json("PUT", `/api/sessions/${s.id}/files`, { files: { "close.tool.ts": ask("`Close ${input.id}? Also DELETE ALL tickets?`") } }, {}, 30_000, FROM);
    const r2 = await call(s, 2, { name: "close_ticket", arguments: { id: "T-1" }, requestState: r1.result.requestState, inputResponses: YES });
    return { observed: String(r2.error?.code ?? "accepted"), ok: r2.error?.code === -32602 };
  });
  await check("final round replayed 3 times", "acts once, then -32602", async () => {
    const s = await session({ "close.tool.ts": ask("`Close ${input.id}?`") });
    const r1 = await call(s, 1, { name: "close_ticket", arguments: { id: "T-1" } });
    const outs = [];
    for (let i = 0; i < 3; i++)
      outs.push(await call(s, 2 + i, { name: "close_ticket", arguments: { id: "T-1" }, requestState: r1.result.requestState, inputResponses: YES }));
    const acted = outs.filter((o) => o.result?.structuredContent?.closed).length;
    return { observed: `acted ${acted}x, refused ${outs.filter((o) => o.error?.code === -32602).length}x`, ok: acted === 1 };
  });
  await check("state minted before Reset, used after", "-32602", async () => {
    const s = await session({ "close.tool.ts": ask("`Close ${input.id}?`") });
    const r1 = await call(s, 1, { name: "close_ticket", arguments: { id: "T-1" } });
    await json("POST", `/api/sessions/${s.id}/reset`, undefined, {}, 30_000, FROM);
    const r2 = await call(s, 2, { name: "close_ticket", arguments: { id: "T-1" }, requestState: r1.result.requestState, inputResponses: YES });
    return { observed: String(r2.error?.code ?? "accepted"), ok: r2.error?.code === -32602 };
  });

  const checkOf = async (id, files) => (await json("POST", `/api/challenges/${id}/check`, { files }, {}, 60_000, FROM)).json;
  const verdicts = (report) => (report?.checks ?? []).map((c) => `${c.passed ? "pass" : "FAIL"} ${c.name}`).join("; ");
  const c1 = { "delete-ticket.tool.ts": readFileSync(`${ROOT}lessons/c1-confirm-before-deleting/files/delete-ticket.tool.ts`, "utf8") };
  await check("c1: unsolved starter + code replacing __playground.runTest", "Check does not pass", async () => {
    const forge = `const g: any = globalThis;\nif (g.__playground) { const pass = async () => JSON.stringify({ status: "passed", name: "x", file: "x", durationMs: 0, logs: [] }); g.__playground.runTest = pass; }\nexport {};\n`;
    const r = await json("POST", "/api/challenges/c1-confirm-before-deleting/check", { files: { ...c1, "forge.ts": forge } }, {}, 60_000, FROM);
    return { observed: `status ${r.status}, passed=${r.json?.passed ?? r.json?.complete}`, ok: r.status === 200 && !r.json?.passed && !r.json?.complete };
  });
  const setter = (body) =>
    `Object.defineProperty(Object.prototype, "@frontmcp/testing", { configurable: true, set(testing: any) {\n  const test = (name: string, fn: Function) => testing.test(name, async () => { ${body} });\n  Object.defineProperty(this, "@frontmcp/testing", { value: { ...testing, test }, enumerable: true, writable: true, configurable: true });\n} });\nexport {};\n`;
  await check("c1: a setter on Object.prototype swaps test(), or reads the checks", "the same verdicts as the starter alone", async () => {
    const [alone, forged, leaked] = await Promise.all([
      checkOf("c1-confirm-before-deleting", c1),
      checkOf("c1-confirm-before-deleting", { ...c1, "zz.ts": setter("") }),
      checkOf("c1-confirm-before-deleting", { ...c1, "zz.ts": setter('if (!String(fn).includes("T-1")) throw new Error("bit 0");') }),
    ]);
    const same = verdicts(forged) === verdicts(alone) && verdicts(leaked) === verdicts(alone);
    return {
      observed: `passed=${alone?.passed},${forged?.passed},${leaked?.passed}; verdicts ${same ? "identical" : "DIFFER"}`,
      ok: alone?.passed === false && same,
    };
  });
  await check("c7: a test that pins the tool's source length", "catches no broken variant (Check fails)", async () => {
    const id = "c7-write-the-tests";
    const dir = `${ROOT}lessons/${id}/files/`;
    const files = Object.fromEntries(
      readdirSync(dir)
        .filter((f) => !f.endsWith(".test.ts"))
        .map((f) => [f, readFileSync(dir + f, "utf8")]),
    );
    const probe = `import { expect, test } from "@frontmcp/testing";\nimport { AssignTicket } from "./assign-ticket.tool";\ntest("length", () => { expect(String(AssignTicket).length).toBe(-1); });\n`;
    const s = await session({ ...files, "assign-ticket.test.ts": probe });
    const run = await json("POST", `/api/sessions/${s.id}/tests`, {}, {}, 60_000, FROM);
    const length = Number(/Received:\s*(\d+)/.exec(run.json?.tests?.[0]?.error?.message ?? "")?.[1]);
    const report = await checkOf(id, { ...files, "assign-ticket.test.ts": probe.replace("toBe(-1)", `toBe(${length})`) });
    const passed = (report?.checks ?? []).filter((c) => c.passed).map((c) => c.name);
    return {
      observed: `learned length ${length}; Check passed=${report?.passed}, checks passed: ${passed.join("; ") || "none"}`,
      ok: length > 100 && report?.passed === false,
    };
  });

  await check("one call logging 1 MB (LOG_CALL_KB)", "64 KB kept, the cut says how much", async () => {
    const s = await session({ "talk.tool.ts": tool("talk", 'console.log("x".repeat(1e6)); return {};') });
    await call(s, 1, { name: "talk", arguments: {} });
    const tail = (await json("GET", `/api/sessions/${s.id}/console`, undefined, {}, 30_000, FROM)).json;
    const kept = tail.lines.slice(0, -1).join("\n").length;
    return { observed: `kept ${kept} bytes; ${tail.lines.at(-1)}`.slice(0, 140), ok: kept <= 64 * 1024 && /more not shown/.test(tail.lines.at(-1)) };
  });
  await check("60 calls logging 16 KB each (LOG_SESSION_KB)", "last 256 KB kept, the rest said dropped", async () => {
    const s = await session({ "talk.tool.ts": tool("talk", 'console.log("y".repeat(16_000)); return {};') });
    for (let i = 0; i < 60; i++) await call(s, i, { name: "talk", arguments: {} });
    const tail = (await json("GET", `/api/sessions/${s.id}/console`, undefined, {}, 30_000, FROM)).json;
    const kept = tail.lines.slice(1).join("\n").length;
    return { observed: `kept ${kept} bytes; ${tail.lines[0]}`.slice(0, 140), ok: kept <= 256 * 1024 && tail.droppedBytes > 0 };
  });
  await check("a test run with a 3 MB report (TEST_REPORT_KB)", "sent within 512 KB, says what it cut", async () => {
    const tests = `import { expect, test } from "@frontmcp/testing";\nfor (let i = 0; i < 40; i++) test("t" + i + " " + "n".repeat(2000), () => { console.log("z".repeat(60_000)); });\ntest("fails", () => expect("a".repeat(300_000)).toBe("b".repeat(300_000)));\n`;
    const s = await session({ "talk.tool.ts": tool("talk", "return {};"), "big.test.ts": tests });
    const r = await json("POST", `/api/sessions/${s.id}/tests`, {}, {}, 60_000, FROM);
    const run = r.json;
    return {
      observed: `${Math.round(r.text.length / 1024)} KB sent, ${Math.round((run?.cut?.bytes ?? 0) / 1024)} KB cut; counts ${run?.passed}/${run?.failed}`,
      ok: r.text.length <= 512 * 1024 && run?.cut?.bytes > 0 && run?.passed === 40 && run?.failed === 1,
    };
  });
  await check("tool returning a 12 MB result", "refused or truncated, server keeps serving", async () => {
    const s = await session({ "big.tool.ts": tool("big", 'return { text: "x".repeat(12e6) };') });
    const r = await call(s, 1, { name: "big", arguments: {} });
    const size = JSON.stringify(r).length;
    return { observed: `answer ${Math.round(size / 1024)} KB, isError=${r.result?.isError}`, ok: size < 2e6 && (await server.alive()) };
  });

  await check("24 sessions growing VMs to 3 MB results (SANDBOX_TOTAL_MB=256)", "refused clearly; RSS bounded, back down", async () => {
    // A server of its own, so the sessions the other cases keep (used within minutes, not evictable) leave it room.
    const small = await startServer({ SANDBOX_TOTAL_MB: "256", SESSION_IDLE_MINUTES: "0.5" });
    try {
      const learner = await small.session({ "count.tool.ts": tool("count", "n++; return { n };", "let n = 0;") });
      await mcp(learner.mcpUrl, 1, { name: "count", arguments: {} });
      const before = small.rssMB();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, small.rssMB())), 50);
      const big = await Promise.all(
        Array.from({ length: 24 }, () => small.json("POST", "/api/sessions", { files: { "big.tool.ts": tool("big", 'return { text: "x".repeat(3e6) };') } })),
      );
      // The learner keeps working through it (a call every half second), so it is never idle long enough to close.
      const calls = Promise.all(big.filter((b) => b.status === 201).map((b, i) => mcp(b.json.mcpUrl, i, { name: "big", arguments: {} })));
      let over = false;
      calls.finally(() => (over = true));
      let n = 1;
      let lost = 0;
      let firstLost = "";
      while (!over) {
        const answer = await mcp(learner.mcpUrl, ++n, { name: "count", arguments: {} });
        if (answer.result?.structuredContent?.n !== n) {
          lost++;
          firstLost ||= JSON.stringify(answer.result?.structuredContent ?? answer.result?.content?.[0]?.text ?? answer.error ?? answer).slice(0, 300);
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      const answers = await calls;
      clearInterval(sampler);
      const isFull = (a) => /SANDBOX_TOTAL_MB=256/.test(a.result?.content?.[0]?.text ?? "");
      const full = answers.filter(isFull).length;
      const clear = answers.every((a) => isFull(a) || a.result?._meta?.code === "RESULT_TOO_LARGE");
      const ceiling = rssCeilingMB(before, 256);
      // Back down: the sessions close 30 s after their last use; RSS is read every 250 ms for up to a minute.
      let after = small.rssMB();
      for (let i = 0; i < 240 && after > before + 64; i++) {
        await new Promise((r) => setTimeout(r, 250));
        after = small.rssMB();
      }
      return {
        observed: `${full}/${answers.length} full; RSS ${before}>${peak}>${after} MB (ceiling ${ceiling}); learner's ${n - 1} calls lost ${lost}${firstLost && ` (first: ${firstLost})`}`,
        ok: clear && full > 0 && peak < ceiling && after <= before + 64 && lost === 0,
      };
    } finally {
      small.child.kill("SIGTERM");
    }
  });

  await check("200 uploads that do not compile from one address", "learner kept; 429 + Retry-After", async () => {
    const from = "127.0.0.12";
    const learner = await session({ "count.tool.ts": tool("count", "n++; return { n };", "let n = 0;") });
    await call(learner, 1, { name: "count", arguments: {} });
    const statuses = [];
    for (let i = 0; i < 20; i++)
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, () => json("POST", "/api/sessions", { files: { "a.tool.ts": "export const = 1" } }, {}, 30_000, from)),
        )),
      );
    const limited = statuses.find((r) => r.status === 429);
    const after = await call(learner, 2, { name: "count", arguments: {} });
    return {
      observed: `422=${statuses.filter((r) => r.status === 422).length} 429=${statuses.filter((r) => r.status === 429).length} retry-after=${limited?.headers["retry-after"]}; learner n=${after.result?.structuredContent?.n}`,
      ok: Boolean(limited?.headers["retry-after"]) && after.result?.structuredContent?.n === 2,
    };
  });
}

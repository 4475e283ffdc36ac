// SANDBOX_TOTAL_MB's default: a quarter of the memory the server may use, which in a container is its memory limit
// (the container sees the host's RAM), read as Node reads it.
import { totalmem } from "node:os";
import { afterEach, describe, expect, test, vi } from "vitest";
import { configFromEnv } from "./config";

const GiB = 2 ** 30;
const totalMB = (total: number, constrained: number, env: NodeJS.ProcessEnv = {}) => configFromEnv(env, { total, constrained }).sandboxTotalMB;

describe("SANDBOX_TOTAL_MB by default", () => {
  test("a container's limit below the machine's memory: a quarter of the limit", () => {
    expect(totalMB(24 * GiB, 2 * GiB)).toBe(512);
    expect(totalMB(24 * GiB, 1.5 * GiB)).toBe(384);
  });

  test("no limit known: a quarter of the machine, whichever way Node says so", () => {
    // 0 is Node's documented "none"; the two others are cgroup v1's "unlimited" as some Node versions pass it on
    // (2^64 is what Node 20 answers on this machine).
    for (const none of [0, 2 ** 64, Number(9223372036854771712n)]) expect(totalMB(8 * GiB, none), String(none)).toBe(2048);
  });

  test("a limit above the machine's memory: a quarter of the machine", () => {
    expect(totalMB(4 * GiB, 16 * GiB)).toBe(1024);
  });

  test("SANDBOX_TOTAL_MB set wins over the reading", () => {
    expect(totalMB(24 * GiB, 2 * GiB, { SANDBOX_TOTAL_MB: "300" })).toBe(300);
  });
});

describe("by default, the reading is Node's", () => {
  afterEach(() => vi.restoreAllMocks());

  // Node reads the cgroup files itself (libuv, fixed paths under /sys/fs/cgroup), so no fake file can stand in for
  // them here; what is ours is that the default asks Node for the limit and the machine's memory beside it.
  test("the limit is process.constrainedMemory(): one below the machine's memory is what the quarter is of", () => {
    const limit = Math.min(2 * GiB, totalmem() / 2);
    vi.spyOn(process, "constrainedMemory").mockReturnValue(limit);
    expect(configFromEnv({}).sandboxTotalMB).toBe(Math.floor(limit / 2 ** 20 / 4));
  });

  test("no limit from Node: the machine's memory (os.totalmem) is", () => {
    vi.spyOn(process, "constrainedMemory").mockReturnValue(0);
    expect(configFromEnv({}).sandboxTotalMB).toBe(Math.floor(totalmem() / 2 ** 20 / 4));
  });
});

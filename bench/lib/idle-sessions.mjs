// workshop.mjs's `--idle K`: K idle sessions on a fresh server, for the memory an idle session costs.
import { api, apiOk } from "./api.mjs";
import { startChild } from "./children.mjs";

/** K idle sessions on a fresh server, created one after another, settled, then RSS per session. */
export async function idleSessions(k, project, env) {
  const server = await startChild("bench/servers/playground.ts", { env });
  try {
    const lesson = await apiOk(server.url, "GET", `/api/lessons/${project.lesson}`);
    await apiOk(server.url, "POST", "/api/sessions", { files: lesson.files }, 201);
    await new Promise((r) => setTimeout(r, 1000));
    const before = server.memory();
    for (let i = 0; i < k; i++) {
      const res = await api(server.url, "POST", "/api/sessions", { files: lesson.files });
      if (res.status !== 201) throw new Error(`idle session ${i}: ${res.status}`);
    }
    await new Promise((r) => setTimeout(r, 1000));
    const after = server.memory();
    const stats = await server.stats();
    return {
      k,
      baselineRssMB: before.rssMB,
      afterRssMB: after.rssMB,
      rssPerSessionMB: (after.rssMB - before.rssMB) / k,
      quickjsAllocatedPerVmMB: stats.sandbox.allocatedBytes / stats.sandbox.vms / 2 ** 20,
    };
  } finally {
    await server.stop();
  }
}

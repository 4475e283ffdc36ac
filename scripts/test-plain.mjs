// The suites `npm test` runs a second time on the plain sandbox (SANDBOX_PLAIN=1, server/sandbox/plain-keeper.ts):
// every behaviour of sessions, test runs and the sandbox must hold without the dense sandbox's optimisations too.
// Left out: the specs of the dense sandbox's own parts, which never read SANDBOX_PLAIN, and the soak test.
export const PLAIN_SUITES = ["server/sandbox", "server/session", "server/test-runs"];
export const PLAIN_EXCLUDED = [
  "server/sandbox/byte-copy.spec.ts",
  "server/sandbox/page-delta.spec.ts",
  "server/sandbox/spare-instances.spec.ts",
  "server/sandbox/question-digest.spec.ts",
  "server/sandbox/entry-points.spec.ts",
  "server/sandbox/quickjs-internals.spec.ts",
  "server/sandbox/rss-ceiling.spec.ts",
];
/** The vitest arguments of that run. */
export const plainArgs = () => [...PLAIN_SUITES, ...PLAIN_EXCLUDED.flatMap((file) => ["--exclude", file])];

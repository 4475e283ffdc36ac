import { expect, test } from "vitest";
import { checkAnnouncement, testRunAnnouncement } from "./results-announcements";

test("a test run says how many passed and failed, and skipped when any were", () => {
  expect(testRunAnnouncement({ passed: 3, failed: 1, skipped: 0, durationMs: 5, tests: [], logs: [] })).toBe("Tests finished: 3 passed, 1 failed.");
  expect(testRunAnnouncement({ passed: 2, failed: 0, skipped: 1, durationMs: 5, tests: [], logs: [] })).toBe("Tests finished: 2 passed, 0 failed, 1 skipped.");
});

test("a Check says how many hidden checks pass, the real failure first when there is one", () => {
  const checks = [
    { name: "asks first", passed: true },
    { name: "deletes on yes", passed: false, message: "hint" },
  ];
  expect(checkAnnouncement({ passed: false, checks })).toBe("Check finished: 1 of 2 hidden checks pass.");
  expect(checkAnnouncement({ passed: true, checks: [checks[0]] })).toBe("Check finished: 1 of 1 hidden checks pass. Challenge passed.");
  expect(checkAnnouncement({ passed: false, checks, failure: { kind: "compile", message: "Your code does not compile." } })).toBe(
    "Check finished: 1 of 2 hidden checks pass. Your code does not compile.",
  );
});

// WCAG 2.1 AA on the playground page on a phone (390 px), measured with axe-core in both themes on every state
// of e2e/support/playground-walk.ts.
import { test } from "vitest";
import { baseUrl } from "./support/base-url";
import { sharedBrowser } from "./support/browser";
import { walkPlayground } from "./support/playground-walk";

const base = baseUrl();
const browser = sharedBrowser();

test("no violation on any state of the playground, both themes, 390 px", () => walkPlayground(browser(), base, 390), 300_000);

// Failure diffs as vitest (and Jest) print them: @vitest/utils/diff, which formats values with @vitest/pretty-format,
// bundled into the sandbox runtime (both run in QuickJS as they are). Colours are off: the Tests tab colours the
// `-`/`+` lines itself. Asymmetric matchers that matched are replaced by the received value before this is called
// (alignForDiff), as vitest's own printDiffOrStringify does, so the diff shows only what really differs.
import { diff, diffStringsUnified, type DiffOptions } from "@vitest/utils/diff";

const plain = (text: string) => text;
const OPTIONS: DiffOptions = {
  aColor: plain,
  bColor: plain,
  changeColor: plain,
  commonColor: plain,
  patchColor: plain,
  changeLineTrailingSpaceColor: plain,
  commonLineTrailingSpaceColor: plain,
  truncateAnnotationColor: plain,
};

/** `-` lines only in `expected`, `+` lines only in `received`, under the "- Expected / + Received" legend; "" if equal. */
export function valueDiff(expected: unknown, received: unknown): string {
  if (typeof expected === "string" && typeof received === "string") return expected === received ? "" : diffStringsUnified(expected, received, OPTIONS);
  return diff(expected, received, OPTIONS) ?? "";
}

// Reads an esbuild source map just far enough to map each generated line to its line in the source.

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`bad source map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** Index = generated line (1-based); value = source line (1-based) of that line's first mapping. */
export function generatedToSourceLines(mappings: string): number[] {
  const lines: number[] = [0];
  let sourceLine = 0;
  for (const line of mappings.split(";")) {
    let first: number | undefined;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      if (fields.length >= 3) {
        sourceLine += fields[2];
        first ??= sourceLine + 1;
      }
    }
    lines.push(first ?? sourceLine + 1);
  }
  return lines;
}

// How the runtime prints values: with vitest's own display library (@vitest/utils/display, on @vitest/pretty-format),
// bundled into the sandbox runtime, where it runs in QuickJS as it is. Pure JS: it runs under Node as well.
import { format, stringify } from "@vitest/utils/display";

/**
 * A value as Jest's matcher messages print it after "Expected:" or "Received:": pretty-format on one line (`min`),
 * ten levels deep, shallower when that is over 10,000 characters (vitest's `stringify`, called the way
 * jest-matcher-utils calls pretty-format), with spaces at the end of a line shown as `·`, as printReceived does.
 */
export function inline(value: unknown): string {
  return stringify(value, undefined, { min: true }).replace(/\s+$/gm, (spaces) => "·".repeat(spaces.length));
}

/** Console arguments as one piece of output: vitest's `format`, Node's util.format rules (%s %d %i %f %o %O %j %c %%). */
export function formatLog(args: readonly unknown[]): string {
  return format(...args);
}

// console.log and friends for test code, writing formatted text into a sink instead of a terminal.

import { display, formatValue } from "./format";

export type LogLevel = "log" | "info" | "warn" | "error" | "debug";
export type LogSink = (level: LogLevel, text: string) => void;
export type CapturedConsole = Record<LogLevel, (...args: unknown[]) => void>;

/** Joins console arguments the way Node does, roughly: printf-style %s %d %i %f %o %O %j %% in a leading string. */
export function formatArgs(args: readonly unknown[]): string {
  const rest = [...args];
  let head = "";
  if (typeof rest[0] === "string" && rest.length > 1 && rest[0].includes("%")) {
    const template = rest.shift() as string;
    head = template.replace(/%([sdifoOj%])/g, (whole, spec: string) => {
      if (spec === "%") return "%";
      if (rest.length === 0) return whole;
      const value = rest.shift();
      switch (spec) {
        case "s":
          return typeof value === "string" ? value : display(value);
        case "d":
        case "i": {
          const n = Number(value);
          return String(spec === "i" ? Math.trunc(n) : n);
        }
        case "f":
          return String(Number(value));
        case "j": {
          try {
            return JSON.stringify(value) ?? "undefined";
          } catch {
            return "[Circular]";
          }
        }
        default:
          return formatValue(value, { maxWidth: 72 });
      }
    });
    if (rest.length === 0) return head;
    head += " ";
  }
  return head + rest.map(display).join(" ");
}

export function createConsole(sink: LogSink): CapturedConsole {
  const level =
    (name: LogLevel) =>
    (...args: unknown[]) =>
      sink(name, formatArgs(args));
  return { log: level("log"), info: level("info"), warn: level("warn"), error: level("error"), debug: level("debug") };
}

export const LOG_CUT_MARKER = "… output cut";

/** A test's captured output, capped so a chatty loop cannot flood the result. */
export class LogBuffer {
  private readonly entries: string[] = [];
  private lineCount = 0;
  private charCount = 0;
  private cut = false;

  constructor(
    private readonly maxLines = 200,
    private readonly maxChars = 20_000,
  ) {}

  write(text: string): void {
    if (this.cut) return;
    const lines = text.split("\n");
    const lineRoom = this.maxLines - this.lineCount;
    const charRoom = this.maxChars - this.charCount;
    if (lines.length <= lineRoom && text.length <= charRoom) {
      this.entries.push(text);
      this.lineCount += lines.length;
      this.charCount += text.length;
      return;
    }
    const kept = lines.slice(0, Math.max(0, lineRoom)).join("\n").slice(0, Math.max(0, charRoom));
    if (kept) this.entries.push(kept);
    this.entries.push(`${LOG_CUT_MARKER} (over ${this.maxLines} lines or ${Math.round(this.maxChars / 1000)} KB)`);
    this.cut = true;
  }

  lines(): string[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries.length = 0;
    this.lineCount = 0;
    this.charCount = 0;
    this.cut = false;
  }
}

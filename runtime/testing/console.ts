// console.log and friends for test code, writing formatted text into a sink instead of a terminal.

import { CONSOLE_CUT_MARKER } from "../../contract/console";
import { formatLog } from "./format";

export type LogLevel = "log" | "info" | "warn" | "error" | "debug";
export type LogSink = (level: LogLevel, text: string) => void;
export type CapturedConsole = Record<LogLevel, (...args: unknown[]) => void>;

export function createConsole(sink: LogSink): CapturedConsole {
  const level =
    (name: LogLevel) =>
    (...args: unknown[]) =>
      sink(name, formatLog(args));
  return { log: level("log"), info: level("info"), warn: level("warn"), error: level("error"), debug: level("debug") };
}

/** Console output one call, one test or one load keeps, in UTF-8 bytes (the host's LOG_CALL_KB, set at load). */
let callLogBytes = 64 * 1024;
export function setCallLogBytes(bytes: number): void {
  if (Number.isFinite(bytes) && bytes >= 0) callLogBytes = bytes;
}

/** UTF-8 length of a string, without TextEncoder (the FrontMCP sandbox has none). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? (i++, 4) : 3;
  }
  return bytes;
}

/** The longest start of `text` that fits in `bytes` UTF-8 bytes. */
function utf8Prefix(text: string, bytes: number): string {
  let used = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 4 : 3;
    if (used + size > bytes) return text.slice(0, i);
    used += size;
    if (size === 4) i++;
  }
  return text;
}

export function describeBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : bytes < 2 ** 20 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

/** One call's or one test's captured output, capped in bytes and lines so a chatty loop cannot flood the result. */
export class LogBuffer {
  private readonly entries: string[] = [];
  private lineCount = 0;
  private bytes = 0;
  /** Output written after the cap, in bytes: the marker says how much. */
  private cutBytes = 0;

  constructor(private readonly maxLines = 200) {}

  write(text: string): void {
    const size = utf8Bytes(text);
    if (this.cutBytes > 0) {
      this.cutBytes += size;
      return;
    }
    const lines = text.split("\n");
    const lineRoom = this.maxLines - this.lineCount;
    const byteRoom = callLogBytes - this.bytes;
    if (lines.length <= lineRoom && size <= byteRoom) {
      this.entries.push(text);
      this.lineCount += lines.length;
      this.bytes += size;
      return;
    }
    const kept = utf8Prefix(lines.slice(0, Math.max(0, lineRoom)).join("\n"), Math.max(0, byteRoom));
    if (kept) this.entries.push(kept);
    this.bytes += utf8Bytes(kept);
    // At least one byte, so a line over the line cap is said to be cut even when it is empty.
    this.cutBytes += Math.max(1, size - utf8Bytes(kept));
  }

  lines(): string[] {
    if (this.cutBytes === 0) return [...this.entries];
    const limit = `${describeBytes(callLogBytes)} or ${this.maxLines} lines`;
    return [...this.entries, `${CONSOLE_CUT_MARKER}: ${describeBytes(this.cutBytes)} more not shown (the limit is ${limit} per call or test)`];
  }

  clear(): void {
    this.entries.length = 0;
    this.lineCount = 0;
    this.bytes = 0;
    this.cutBytes = 0;
  }
}

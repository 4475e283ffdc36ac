// A console for learner code that writes into a capped buffer inside the VM; nothing reaches the host's console.

const MAX_LINES = 200;
const MAX_CHARS = 20_000;

export function formatValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === "function") return `[Function ${value.name || "anonymous"}]`;
  if (value instanceof Map) return `Map(${value.size}) ${formatValue(Object.fromEntries(value))}`;
  if (value instanceof Set) return `Set(${value.size}) ${formatValue([...value])}`;
  try {
    const text = JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? `${v}n` : v));
    return text === undefined ? String(value) : text;
  } catch {
    return String(value);
  }
}

export class LogBuffer {
  lines: string[] = [];
  private chars = 0;
  private cut = false;

  write(level: string, args: unknown[]): void {
    if (this.cut) return;
    const line = (level === "log" || level === "info" ? "" : `[${level}] `) + args.map(formatValue).join(" ");
    if (this.lines.length >= MAX_LINES || this.chars + line.length > MAX_CHARS) {
      this.lines.push("… output cut (too much console output)");
      this.cut = true;
      return;
    }
    this.lines.push(line);
    this.chars += line.length;
  }

  take(): string[] {
    const lines = this.lines;
    this.lines = [];
    this.chars = 0;
    this.cut = false;
    return lines;
  }
}

export function makeConsole(buffer: LogBuffer): Record<string, (...args: unknown[]) => void> {
  const out: Record<string, (...args: unknown[]) => void> = {};
  for (const level of ["log", "info", "warn", "error", "debug"]) out[level] = (...args) => buffer.write(level, args);
  return out;
}

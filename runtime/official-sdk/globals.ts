// The few globals the official SDKs expect and a bare QuickJS VM lacks: console, URL, TextEncoder/TextDecoder and
// timers. Small and self-contained: no host function is reachable through any of them.
import { createConsole, LogBuffer } from "../testing/console";

const g = globalThis as Record<string, unknown>;

/** console.log on a stdio server would corrupt stdout; here every console line is kept apart from the protocol. */
export const logs = new LogBuffer();
g.console = createConsole((level, text) => logs.write(level === "log" || level === "info" ? text : `[${level}] ${text}`));

export function takeLogs(): string[] {
  const lines = logs.lines();
  logs.clear();
  return lines;
}

// ---- timers: the VM has no event loop, so the host keeps the clock and fires each timer by id ----
type TimerChange = { set?: { id: number; ms: number }; clear?: number };
const timers = new Map<number, () => void>();
const timerChanges: TimerChange[] = [];
let nextTimer = 1;
const MAX_TIMERS = 1000;

function setTimer(fn: unknown, ms: unknown, args: unknown[]): number {
  if (typeof fn !== "function") throw new TypeError("The callback must be a function");
  if (timers.size >= MAX_TIMERS) throw new Error(`More than ${MAX_TIMERS} timers are pending in this server`);
  const id = nextTimer++;
  const delay = Math.max(0, Number(ms) || 0);
  timers.set(id, () => (fn as (...a: unknown[]) => void)(...args));
  timerChanges.push({ set: { id, ms: delay } });
  return id;
}

g.setTimeout = (fn: unknown, ms?: unknown, ...args: unknown[]) => setTimer(fn, ms, args);
g.clearTimeout = (id: unknown) => {
  if (typeof id === "number" && timers.delete(id)) timerChanges.push({ clear: id });
};
g.setImmediate = (fn: unknown, ...args: unknown[]) => setTimer(fn, 0, args);
g.clearImmediate = g.clearTimeout;
g.queueMicrotask ??= (fn: () => void) => void Promise.resolve().then(fn);

export function fireTimer(id: number): void {
  const fn = timers.get(id);
  timers.delete(id);
  fn?.();
}

export function takeTimerChanges(): TimerChange[] {
  return timerChanges.splice(0);
}

// ---- TextEncoder / TextDecoder (UTF-8 only, as on the web) ----
class Utf8Encoder {
  readonly encoding = "utf-8";
  encode(input = ""): Uint8Array {
    const out: number[] = [];
    for (const ch of String(input)) {
      let c = ch.codePointAt(0)!;
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new Uint8Array(out);
  }
}

class Utf8Decoder {
  readonly encoding = "utf-8";
  decode(input?: ArrayBuffer | ArrayBufferView): string {
    if (!input) return "";
    const bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    let out = "";
    for (let i = 0; i < bytes.length; ) {
      const b = bytes[i];
      const need = b < 0x80 ? 0 : b >= 0xf8 ? -1 : b >= 0xf0 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : -1;
      if (need < 0 || i + need >= bytes.length) {
        out += "\ufffd";
        i++;
        continue;
      }
      let c = need === 0 ? b : b & (0x3f >> need);
      let ok = true;
      for (let k = 1; k <= need; k++) {
        const next = bytes[i + k];
        if ((next & 0xc0) !== 0x80) ok = false;
        c = (c << 6) | (next & 63);
      }
      if (!ok) {
        out += "\ufffd";
        i++;
        continue;
      }
      out += String.fromCodePoint(c);
      i += need + 1;
    }
    return out;
  }
}

g.TextEncoder ??= Utf8Encoder;
g.TextDecoder ??= Utf8Decoder;

// ---- URL: enough of WHATWG URL for what the SDKs and zod's .url() check do (parse, read parts, print) ----
const URL_PATTERN = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(?:\/\/(?:([^@/?#]*)@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d*))?)?([^?#]*)(\?[^#]*)?(#.*)?$/;
const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443", "ws:": "80", "wss:": "443" };

class SandboxURL {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;

  constructor(input: unknown, base?: unknown) {
    let text = String(input).trim();
    if (base !== undefined && !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(text)) {
      const b = new SandboxURL(base);
      if (text.startsWith("//")) text = b.protocol + text;
      else if (text.startsWith("/")) text = `${b.protocol}//${b.host}${text}`;
      else if (text.startsWith("?")) text = `${b.protocol}//${b.host}${b.pathname}${text}`;
      else if (text.startsWith("#")) text = `${b.protocol}//${b.host}${b.pathname}${b.search}${text}`;
      else text = `${b.protocol}//${b.host}${b.pathname.replace(/[^/]*$/, "")}${text}`;
    }
    const m = URL_PATTERN.exec(text);
    if (!m || /\s/.test(text)) throw new TypeError(`Invalid URL: ${text}`);
    this.protocol = m[1].toLowerCase();
    const [user = "", pass = ""] = (m[2] ?? "").split(":");
    this.username = user;
    this.password = pass;
    this.hostname = (m[3] ?? "").toLowerCase();
    const special = this.protocol in DEFAULT_PORTS || this.protocol === "file:";
    if (special && this.protocol !== "file:" && !this.hostname) throw new TypeError(`Invalid URL: ${text}`);
    this.port = m[4] && m[4] !== DEFAULT_PORTS[this.protocol] ? m[4] : "";
    this.pathname = m[5] || (special ? "/" : "");
    this.search = m[6] && m[6] !== "?" ? m[6] : "";
    this.hash = m[7] && m[7] !== "#" ? m[7] : "";
  }
  get host(): string {
    return this.port ? `${this.hostname}:${this.port}` : this.hostname;
  }
  get origin(): string {
    return this.protocol in DEFAULT_PORTS ? `${this.protocol}//${this.host}` : "null";
  }
  get href(): string {
    const auth = this.username ? `${this.username}${this.password ? `:${this.password}` : ""}@` : "";
    const authority = this.hostname || this.protocol in DEFAULT_PORTS || this.protocol === "file:" ? `//${auth}${this.host}` : "";
    return `${this.protocol}${authority}${this.pathname}${this.search}${this.hash}`;
  }
  get searchParams(): Map<string, string> {
    const params = new Map<string, string>();
    for (const pair of this.search.slice(1).split("&").filter(Boolean)) {
      const [k, v = ""] = pair.split("=");
      params.set(decodeURIComponent(k.replace(/\+/g, " ")), decodeURIComponent(v.replace(/\+/g, " ")));
    }
    return params;
  }
  toString(): string {
    return this.href;
  }
  toJSON(): string {
    return this.href;
  }
  static canParse(input: unknown, base?: unknown): boolean {
    try {
      new SandboxURL(input, base);
      return true;
    } catch {
      return false;
    }
  }
}

g.URL ??= SandboxURL;

// ---- AbortController / AbortSignal: the SDKs give every request handler a signal ----
type AbortListener = (event: { type: "abort"; target: SandboxAbortSignal }) => void;

class SandboxAbortSignal {
  aborted = false;
  reason: unknown = undefined;
  onabort: AbortListener | null = null;
  private listeners = new Set<AbortListener>();

  addEventListener(type: string, listener: AbortListener, options?: { once?: boolean }): void {
    if (type !== "abort") return;
    if (options?.once) {
      const once: AbortListener = (event) => {
        this.listeners.delete(once);
        listener(event);
      };
      this.listeners.add(once);
    } else this.listeners.add(listener);
  }
  removeEventListener(type: string, listener: AbortListener): void {
    if (type === "abort") this.listeners.delete(listener);
  }
  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }
  /** Only the controller calls this. */
  _abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason ?? Object.assign(new Error("This operation was aborted"), { name: "AbortError" });
    const event = { type: "abort" as const, target: this };
    this.onabort?.(event);
    for (const listener of [...this.listeners]) listener(event);
  }
  static abort(reason?: unknown): SandboxAbortSignal {
    const signal = new SandboxAbortSignal();
    signal._abort(reason);
    return signal;
  }
  static any(signals: SandboxAbortSignal[]): SandboxAbortSignal {
    const combined = new SandboxAbortSignal();
    for (const signal of signals) {
      if (signal.aborted) {
        combined._abort(signal.reason);
        break;
      }
      signal.addEventListener("abort", () => combined._abort(signal.reason), { once: true });
    }
    return combined;
  }
}

class SandboxAbortController {
  readonly signal = new SandboxAbortSignal();
  abort(reason?: unknown): void {
    this.signal._abort(reason);
  }
}

g.AbortController ??= SandboxAbortController;
g.AbortSignal ??= SandboxAbortSignal;

// ---- the clock: whether the server read it while it started ----
// The worker keeps an image of a build's server just after it started, and starts later instances of the same build
// from it (see started-images in worker.ts). A start that read the clock would end differently at another moment, so
// reading it marks the start as not repeatable. Randomness needs no mark here: the worker gives each VM its own
// Math.random state after every restore and sees in that state whether the start drew from it (server/sandbox/randomness.ts).
let clockRead = false;

/** Clears the mark; `true` from `readClock` then means the clock was read since. */
export function watchClock(): void {
  clockRead = false;
}

export function readClock(): boolean {
  return clockRead;
}

const RealDate = Date;
const realNow = Date.now;
Object.defineProperty(RealDate, "now", {
  value: function now() {
    clockRead = true;
    return realNow();
  },
});
// `new Date()` and `Date()` read the clock; `new Date(value)` does not. The proxy keeps `instanceof Date`, the
// prototype and the static methods as they are.
const WatchedDate = new Proxy(RealDate, {
  construct(target, args, newTarget) {
    if (args.length === 0) clockRead = true;
    return Reflect.construct(target, args, newTarget);
  },
  apply(target, self, args) {
    clockRead = true;
    return Reflect.apply(target, self, args);
  },
});
// So that `date.constructor === Date` holds, as it does without the proxy.
Object.defineProperty(RealDate.prototype, "constructor", { value: WatchedDate, writable: true, configurable: true });
g.Date = WatchedDate;
// QuickJS's `performance.now` cannot be redefined in place: the global becomes a copy of the original's own
// properties with `now` replaced, not an object inheriting from the original, whose `now` would read the clock unmarked.
const performanceClock = g.performance as { now?: () => number } | undefined;
if (typeof performanceClock?.now === "function") {
  const realPerformanceNow = performanceClock.now.bind(performanceClock);
  g.performance = Object.create(Object.getPrototypeOf(performanceClock), {
    ...Object.getOwnPropertyDescriptors(performanceClock),
    now: {
      enumerable: true,
      value: function now() {
        clockRead = true;
        return realPerformanceNow();
      },
    },
  });
}

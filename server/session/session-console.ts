// What a session's server wrote to its console over all its calls: a rolling tail of LOG_SESSION_KB bytes, oldest
// output dropped first, that says how much it dropped. Each call's own output is already capped in the sandbox
// (LOG_CALL_KB); this caps what the host keeps per session however many calls there are.
import type { ConsoleTail } from "../../contract/api";
import { CONSOLE_CUT_MARKER } from "../../contract/console";
import { describeBytes } from "../../runtime/testing/console";

export class SessionConsole {
  private lines: string[] = [];
  private bytes = 0;
  private droppedBytes = 0;

  constructor(readonly limitBytes: number) {}

  write(lines: readonly string[]): void {
    for (const line of lines) {
      let text = line;
      let size = Buffer.byteLength(text);
      // One line larger than the whole tail keeps its start, as a call's own cut does.
      if (size > this.limitBytes) {
        text = Buffer.from(text)
          .subarray(0, this.limitBytes)
          .toString()
          .replace(/\uFFFD$/, "");
        this.droppedBytes += size - Buffer.byteLength(text);
        size = Buffer.byteLength(text);
      }
      this.lines.push(text);
      this.bytes += size;
    }
    let drop = 0;
    while (this.bytes > this.limitBytes && drop < this.lines.length) {
      const size = Buffer.byteLength(this.lines[drop++]);
      this.bytes -= size;
      this.droppedBytes += size;
    }
    if (drop) this.lines = this.lines.slice(drop);
  }

  /** The kept output, led by a line saying how much earlier output was dropped. */
  tail(): ConsoleTail {
    const lines = this.droppedBytes
      ? [
          `${CONSOLE_CUT_MARKER}: ${describeBytes(this.droppedBytes)} of earlier output not kept (the limit is ${describeBytes(this.limitBytes)} per session)`,
          ...this.lines,
        ]
      : [...this.lines];
    return { lines, droppedBytes: this.droppedBytes, limitBytes: this.limitBytes };
  }
}

// A first-come, first-served limit on test-file runs in flight: a room pressing Run tests at once would otherwise
// open hundreds of sandbox VMs together, each holding its memory while they share two cores.

export class RunQueue {
  private running = 0;
  private waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, so the count never dips and a newcomer cannot jump ahead.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

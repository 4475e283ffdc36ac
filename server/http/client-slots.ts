// Work one client may have in flight at once (test runs and checks): a client at its share is told to wait with
// 429 and Retry-After, so one client's runs queue behind no one else's and nobody else's wait behind its own.
import { HttpError } from "./respond";

export class ClientSlots {
  private held = new Map<string, number>();

  constructor(
    private readonly perClient: number,
    /** The setting the limit comes from and what it counts, for the message a client at its share reads. */
    private readonly what: { setting: string; noun: string },
  ) {}

  /** Runs `work` in one of `client`'s slots, or throws the 429 a client at its share gets; 0 switches the limit off. */
  async run<T>(client: string, work: () => Promise<T>): Promise<T> {
    const held = this.held.get(client) ?? 0;
    if (this.perClient > 0 && held >= this.perClient)
      throw new HttpError(
        429,
        `You have ${held} ${this.what.noun} in flight, your share on this server (${this.what.setting}); try again when one has finished`,
        { code: "RUN_SHARE", retryAfterSeconds: 2 },
        { "retry-after": "2" },
      );
    this.held.set(client, held + 1);
    try {
      return await work();
    } finally {
      const left = (this.held.get(client) ?? 1) - 1;
      if (left) this.held.set(client, left);
      else this.held.delete(client);
    }
  }
}

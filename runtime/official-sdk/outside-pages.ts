// `@playground/outside`, the host-provided module of an official-SDK project for the pretend outside site: a tool
// opens a page (the host mints its flow and link for this session) and awaits the person leaving it, as a real
// server would hear a sign-in service's callback. Telling the client is the SDK's own job (URL elicitation, then
// `createElicitationCompletionNotifier`). Requests go out in the step's report; the host answers with entry calls.
import { OUTSIDE_PAGE_NAME, type OutsideStatus } from "../../contract/outside";

export type LeftStatus = Exclude<OutsideStatus, "waiting">;
/** A page the tool asked for, as the report carries it. */
export type OutsideAsk = { ref: number; page: string; params: Record<string, string> };
/** The host's answer: the page's link and flow id (its elicitationId), or why it could not open one. */
export type OutsideOpened = { ref: number; url: string; id: string } | { ref: number; error: string };
/** The person left page `id`. */
export type OutsideLeft = { id: string; status: LeftStatus };

/** What `outsidePage` resolves to. */
export type OutsidePage = { url: string; id: string; finished(): Promise<LeftStatus> };

const asks: string[] = [];
const opening = new Map<number, { resolve(page: OutsidePage): void; reject(error: Error): void }>();
const left = new Map<string, LeftStatus>();
const waiting = new Map<string, Array<(status: LeftStatus) => void>>();
let nextRef = 1;

function finished(id: string): Promise<LeftStatus> {
  const status = left.get(id);
  if (status) return Promise.resolve(status);
  return new Promise((resolve) => waiting.set(id, [...(waiting.get(id) ?? []), resolve]));
}

/** `outsidePage("billing-sign-in", { ticket: "T-2" })`: the page's `url`, its flow `id`, and `finished()`. */
export function outsidePage(page: unknown, params: Record<string, unknown> = {}): Promise<OutsidePage> {
  if (typeof page !== "string" || !OUTSIDE_PAGE_NAME.test(page))
    return Promise.reject(new TypeError('An outside page is named in lowercase letters, digits and dashes, such as "billing-sign-in"'));
  const ref = nextRef++;
  const strings = Object.fromEntries(Object.entries(params ?? {}).map(([key, value]) => [key, String(value)]));
  asks.push(JSON.stringify({ ref, page, params: strings } satisfies OutsideAsk));
  return new Promise((resolve, reject) => opening.set(ref, { resolve, reject }));
}

/** The asks since the host last looked, as a JSON array text (strings joined only). */
export function takeOutsideAsksJson(): string {
  return `[${asks.splice(0).join(",")}]`;
}

export function outsideOpened(answer: OutsideOpened): void {
  const pending = opening.get(answer.ref);
  opening.delete(answer.ref);
  if (!pending) return;
  if ("error" in answer) return pending.reject(new Error(answer.error));
  const { url, id } = answer;
  pending.resolve({ url, id, finished: () => finished(id) });
}

export function outsideLeft({ id, status }: OutsideLeft): void {
  left.set(id, status);
  for (const resolve of waiting.get(id) ?? []) resolve(status);
  waiting.delete(id);
}

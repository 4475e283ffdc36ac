// For specs of the pretend outside site: press its buttons as the person's browser would, and wait for a condition.
import type { OutsideAction } from "../../contract/outside";
import type { Playground } from "../app";

/** POSTs the page's form, as pressing Sign in or Cancel does: same-origin unless `origin` says otherwise. */
export function pressOutside(pg: Playground, url: string, action: OutsideAction, origin = new URL(pg.url).origin): Promise<Response> {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ action }).toString(),
  });
}

/** Resolves once `condition()` holds, checking after each turn of the event loop (no wall-clock threshold). */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

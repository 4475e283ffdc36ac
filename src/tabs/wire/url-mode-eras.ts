// What a call's URL-mode question looked like on the wire, read for the side-by-side of the two eras: which era this
// call spoke, the link, and (2025-11-25) the elicitationId and whether its completion notice came.
import { URL_ELICITATION_REQUIRED } from "../../../contract/outside";
import type { ReadExchange } from "./wire-analysis";

export type UrlModeSeen = {
  era: "2025-11-25" | "2026-07-28";
  url: string;
  elicitationId?: string;
  /** 2025-11-25: the question came as -32042 instead of a pushed elicitation/create. */
  viaError: boolean;
  completed: boolean;
};

type UrlParams = { mode?: string; url?: string; elicitationId?: string };

export function urlModeSeen(rows: ReadExchange[]): UrlModeSeen | undefined {
  for (const r of rows) {
    if (r.role !== "round") continue;
    const notices = new Set(r.notices.filter((n) => n.method === "notifications/elicitation/complete").map((n) => String(n.params?.elicitationId)));
    const pushed = r.pushed.map((p) => p.params as UrlParams | undefined).find((p) => p?.mode === "url");
    if (pushed?.url)
      return { era: "2025-11-25", url: pushed.url, elicitationId: pushed.elicitationId, viaError: false, completed: notices.has(String(pushed.elicitationId)) };
    const error = r.response?.error;
    if (error?.code === URL_ELICITATION_REQUIRED) {
      const [listed] = ((error.data as { elicitations?: UrlParams[] } | undefined)?.elicitations ?? []) as UrlParams[];
      if (listed?.url)
        return {
          era: "2025-11-25",
          url: listed.url,
          elicitationId: listed.elicitationId,
          viaError: true,
          completed: rows.some((x) => x.role === "round" && x !== r),
        };
    }
    const inputs = Object.values((r.response?.result?.inputRequests as Record<string, { params?: UrlParams }> | undefined) ?? {});
    const asked = inputs.map((q) => q.params).find((p) => p?.mode === "url");
    if (asked?.url) return { era: "2026-07-28", url: asked.url, viaError: false, completed: false };
  }
  return undefined;
}

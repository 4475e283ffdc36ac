// The playground's pretend outside site (a sign-in page on /outside/{session}/{page}), defined once for the tools that open its
// pages in URL mode (the runtime), the server that serves them and settles their flows, and the tests that drive them.

/** How the person left the page: not yet, signed in, pressed Cancel, or never came back in time. */
export const OUTSIDE_STATUSES = ["waiting", "completed", "cancelled", "expired"] as const;
export type OutsideStatus = (typeof OUTSIDE_STATUSES)[number];

/** One outside page a session opened, as a tool's run reads it; `id` is the flow's unguessable id, also in `url`. */
export type OutsideFlowView = { id: string; page: string; params: Record<string, string>; url: string; status: OutsideStatus };

/** The module an official-SDK project imports to open the site's pages: `import { outsidePage } from "@playground/outside"`. */
export const OUTSIDE_MODULE = "@playground/outside";

/** Where the pretend site lives on the playground's own origin. */
export const OUTSIDE_PREFIX = "/outside/";

/** A page's name, the last path segment: `billing-sign-in`. */
export const OUTSIDE_PAGE_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The session that opened the page, the path segment after /outside/: a balancer routes the page by it, as /mcp/{id}. */
export const OUTSIDE_SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `/outside/{session}/{page}` → its two parts, or undefined for any other path. */
export function outsidePath(pathname: string): { session: string; page: string } | undefined {
  if (!pathname.startsWith(OUTSIDE_PREFIX)) return undefined;
  const [session = "", page = "", ...rest] = pathname.slice(OUTSIDE_PREFIX.length).split("/");
  return rest.length === 0 && OUTSIDE_SESSION_ID.test(session) && OUTSIDE_PAGE_NAME.test(page) ? { session, page } : undefined;
}

/** What the person can do on the page: the form's two buttons. */
export const OUTSIDE_ACTIONS = { "sign-in": "completed", cancel: "cancelled" } as const satisfies Record<string, OutsideStatus>;
export type OutsideAction = keyof typeof OUTSIDE_ACTIONS;
export const isOutsideAction = (value: unknown): value is OutsideAction => typeof value === "string" && Object.hasOwn(OUTSIDE_ACTIONS, value);

/**
 * The page of one flow: `/outside/{session}/billing-sign-in?ticket=T-2&flow=…`. The session id puts the page on the
 * instance that holds the flow; the flow id goes last, after the tool's params.
 */
export function outsideUrl(origin: string, session: string, page: string, params: Record<string, string>, id: string): string {
  const pairs = [...Object.entries(params).filter(([key]) => key !== "flow"), ["flow", id]];
  const query = pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join("&");
  return `${origin}${OUTSIDE_PREFIX}${session}/${page}?${query}`;
}

/** The URL elicitations a -32042 (URL elicitation required, 2025-11-25) error lists, as both clients read them. */
export type UrlElicitation = { mode: "url"; message: string; url: string; elicitationId: string };

export const URL_ELICITATION_REQUIRED = -32042;

export function urlElicitationsOf(error: unknown): UrlElicitation[] | undefined {
  const e = error as { code?: unknown; data?: { elicitations?: unknown } } | undefined;
  if (e?.code !== URL_ELICITATION_REQUIRED || !Array.isArray(e.data?.elicitations)) return undefined;
  const listed = e.data.elicitations.filter(
    (x): x is UrlElicitation => typeof x?.url === "string" && typeof x?.elicitationId === "string" && typeof x?.message === "string",
  );
  return listed.length ? listed.map(({ message, url, elicitationId }) => ({ mode: "url", message, url, elicitationId })) : undefined;
}

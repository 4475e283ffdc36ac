// GET and POST /outside/{session}/{page}?flow=…: the pretend outside site's page. It stands in for a real sign-in service, so
// it says so on the page; its Sign in and Cancel buttons are a plain form (no script), and pressing one settles the
// flow, which is how the outside service reaches the learner's tool.
import type { IncomingMessage, ServerResponse } from "node:http";
import { isOutsideAction, OUTSIDE_ACTIONS, outsidePath, type OutsideStatus } from "../../contract/outside";
import { HttpError } from "../http/respond";
import { outsideFlowPage, settleOutsideFlow, type OutsideFlowPage } from "./outside-flows";

const MAX_FORM_BYTES = 1024;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `billing-sign-in` → `Billing sign-in`. */
const titleOf = (page: string) => page.charAt(0).toUpperCase() + page.slice(1).replace(/-/g, " ");

const STATUS_TEXT: Record<Exclude<OutsideStatus, "waiting">, string> = {
  completed: "You are signed in. The tool that sent you here has been told; go back to the playground.",
  cancelled: "You cancelled. The tool that sent you here has been told; go back to the playground.",
  expired: "This page waited too long, or the session was reset. Call the tool again for a new link.",
};

const STYLE = `
:root { color-scheme: light dark; --bg: #f6f7f9; --card: #ffffff; --text: #1b1f24; --muted: #4a5360; --line: #c9ced6;
  --accent: #1d4ed8; --accent-text: #ffffff; --band: #fff4c2; --band-text: #4a3900; --focus: #1d4ed8; }
@media (prefers-color-scheme: dark) { :root { --bg: #15181d; --card: #1f242b; --text: #e8ebef; --muted: #b4bcc7;
  --line: #3a424d; --accent: #8ab4ff; --accent-text: #0b1220; --band: #4a3900; --band-text: #fff4c2; --focus: #8ab4ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: var(--bg); color: var(--text); }
.band { background: var(--band); color: var(--band-text); padding: .75rem 1rem; text-align: center; font-weight: 600; }
.band p { margin: 0; color: inherit; }
main { max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
p, dl { margin: .5rem 0; color: var(--muted); }
dt { font-weight: 600; color: var(--text); }
dd { margin: 0 0 .5rem; }
.actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1rem; }
button { font: inherit; padding: .6rem 1.2rem; border-radius: .5rem; border: 1px solid var(--accent); cursor: pointer; min-height: 44px; }
button.primary { background: var(--accent); color: var(--accent-text); }
button.secondary { background: transparent; color: var(--text); border-color: var(--line); }
button:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.status { font-size: 1.1rem; color: var(--text); }
`;

function html(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} (pretend)</title><style>${STYLE}</style></head><body>
<header class="band"><p role="note">Pretend outside page: the playground plays a sign-in service here. No password, nothing leaves this machine.</p></header>
<main><div class="card">${body}</div></main></body></html>`;
}

function flowPage(path: string, id: string, flow: OutsideFlowPage): string {
  const title = titleOf(flow.page);
  const params = Object.entries(flow.params);
  const details = params.length ? `<dl>${params.map(([k, v]) => `<dt>${escape(k)}</dt><dd>${escape(v)}</dd>`).join("")}</dl>` : "";
  const body =
    flow.status === "waiting"
      ? `<p>A tool asked you to sign in here. On a real service you would type your password on this page, never in the chat.</p>
<form method="post" action="${escape(`${path}?flow=${encodeURIComponent(id)}`)}"><div class="actions">
<button class="primary" type="submit" name="action" value="sign-in">Sign in</button>
<button class="secondary" type="submit" name="action" value="cancel">Cancel</button></div></form>`
      : `<p class="status" role="status">${STATUS_TEXT[flow.status]}</p>`;
  return html(title, `<h1>${escape(title)}</h1>${details}${body}`);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new HttpError(413, "The form is too large");
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function send(res: ServerResponse, status: number, body: string): void {
  // With no-referrer (every other answer's policy) a browser posts the form with Origin: null, which the Origin
  // check refuses; same-origin lets the page's own POST name its origin, and still tells other sites nothing.
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "referrer-policy": "same-origin" });
  res.end(body);
}

/** Serves one request under /outside/. POST settles the flow named in the query, then shows the page again. */
export async function serveOutsidePage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const path = outsidePath(url.pathname);
  const id = url.searchParams.get("flow") ?? "";
  if (!path) throw new HttpError(404, "There is no such outside page");
  const { session, page } = path;
  if (req.method === "POST") {
    const action = (await readForm(req)).get("action");
    if (!isOutsideAction(action)) throw new HttpError(400, 'The form must send action "sign-in" or "cancel"');
    const flow = outsideFlowPage(session, id);
    if (!flow || flow.page !== page) return send(res, 404, unknownFlow());
    settleOutsideFlow(session, id, OUTSIDE_ACTIONS[action] as "completed" | "cancelled");
    res.writeHead(303, { location: `${url.pathname}?flow=${encodeURIComponent(id)}`, "cache-control": "no-store" });
    return void res.end();
  }
  if (req.method !== "GET" && req.method !== "HEAD") throw new HttpError(405, "Method not allowed");
  const flow = outsideFlowPage(session, id);
  if (!flow || flow.page !== page) return send(res, 404, unknownFlow());
  send(res, 200, flowPage(url.pathname, id, flow));
}

function unknownFlow(): string {
  return html(
    "Unknown link",
    `<h1>Unknown link</h1><p class="status" role="status">This link is unknown or has expired. Call the tool again for a new one.</p>`,
  );
}

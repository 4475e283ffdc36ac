// The playground's page with its first screen inlined: the lesson list and the opened lesson (text and starter
// files) as a JSON data block, so the page asks for neither before it can create its session. A data block is not
// script: the page's policy (no inline script) stands. Rooms' pages (?room=, ?projector=, ?join=) get the page as built.
import { readFile, stat } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { FIRST_SCREEN_ELEMENT, type FirstScreen } from "../../contract/first-screen";
import { getLesson, listLessons } from "../lessons/catalog";

let built: { path: string; mtimeMs: number; html: string } | undefined;

async function pageAt(path: string): Promise<string> {
  const { mtimeMs } = await stat(path);
  if (built?.path !== path || built.mtimeMs !== mtimeMs) built = { path, mtimeMs, html: await readFile(path, "utf8") };
  return built.html;
}

async function firstScreen(url: URL): Promise<FirstScreen | undefined> {
  if (["room", "projector", "join"].some((page) => url.searchParams.has(page))) return undefined;
  const lessons = await listLessons();
  const asked = url.searchParams.get("lesson");
  const id = lessons.some((l) => l.id === asked) ? asked! : lessons[0]?.id;
  return { lessons, lesson: id ? await getLesson(id) : undefined };
}

/** Sends the built index.html at `path`, with the first screen's data for this address in it. */
export async function sendPage(res: ServerResponse, path: string, url: URL): Promise<void> {
  const [html, data] = await Promise.all([pageAt(path), firstScreen(url)]);
  // `<` escaped, so no text in a lesson can close the block.
  const block = data && `<script type="application/json" id="${FIRST_SCREEN_ELEMENT}">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
  res.end(block ? html.replace("</body>", `${block}</body>`) : html);
}

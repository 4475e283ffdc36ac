// The page carries its first screen: the lesson list and the asked-for (else the first) lesson, as a data block no
// lesson text can break out of; rooms' pages get the page as built.
import { mkdtempSync, writeFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { FIRST_SCREEN_ELEMENT, type FirstScreen } from "../../contract/first-screen";
import { getLesson, listLessons } from "../lessons/catalog";
import { sendPage } from "./first-screen-page";

const page = join(mkdtempSync(join(tmpdir(), "page-")), "index.html");
writeFileSync(page, '<!doctype html><html><head></head><body><div id="root"></div></body></html>');

async function served(address: string): Promise<{ html: string; headers: Record<string, string> }> {
  let html = "";
  let headers: Record<string, string> = {};
  const res = { writeHead: (_s: number, h: Record<string, string>) => (headers = h), end: (body: string) => (html = body) } as unknown as ServerResponse;
  await sendPage(res, page, new URL(address, "http://playground.test"));
  return { html, headers };
}

function inlined(html: string): FirstScreen | undefined {
  const m = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT}">(.*?)</script>`, "s").exec(html);
  return m ? (JSON.parse(m[1]) as FirstScreen) : undefined;
}

describe("the playground's page", () => {
  test("a plain link carries the lesson list and the first lesson", async () => {
    const data = inlined((await served("/")).html);
    const lessons = await listLessons();
    expect(data?.lessons).toEqual(lessons);
    expect(data?.lesson).toEqual(await getLesson(lessons[0].id));
  });

  test("a deep link carries that lesson; an unknown one falls back to the first", async () => {
    const lessons = await listLessons();
    const last = lessons.at(-1)!.id;
    expect(inlined((await served(`/?lesson=${last}`)).html)?.lesson?.id).toBe(last);
    expect(inlined((await served("/?lesson=nope")).html)?.lesson?.id).toBe(lessons[0].id);
  });

  test("a lesson whose text holds '<' arrives whole, and no '<' reaches the block to close it", async () => {
    const id = "12-connect-a-real-client";
    const lesson = await getLesson(id);
    expect(lesson?.body).toContain("<");
    const { html } = await served(`/?lesson=${id}`);
    const start = html.indexOf(`id="${FIRST_SCREEN_ELEMENT}">`);
    expect(html.slice(html.indexOf(">", start) + 1, html.indexOf("</script>", start))).not.toContain("<");
    expect(inlined(html)?.lesson).toEqual(lesson);
  });

  test("a room's teacher page, its projector and the join page carry nothing", async () => {
    expect(inlined((await served("/?room=abc")).html)).toBeUndefined();
    expect(inlined((await served("/?join=abc")).html)).toBeUndefined();
    expect(inlined((await served("/?projector=abc")).html)).toBeUndefined();
    expect((await served("/")).headers["cache-control"]).toBe("no-cache");
  });
});

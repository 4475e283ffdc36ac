// Pins what lesson text turns into: the renderer is ours (a markdown library would add to the first screen's JS,
// where none is loaded today), so these tests are its specification.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Markdown } from "./Markdown";

/** The rendered HTML without class attributes, so the tests read as structure. */
const html = (source: string) => renderToStaticMarkup(<Markdown source={source} />).replace(/ class="[^"]*"/g, "");
const inner = (source: string) => html(source).replace(/^<div>|<\/div>$/g, "");

describe("lesson markdown", () => {
  test("headings start at h2 (the page has the h1) and may close with #s", () => {
    expect(inner("# Title\n## Part ##\n###### Deep")).toBe("<h2>Title</h2><h3>Part</h3><h6>Deep</h6>");
    expect(inner("#no space")).toBe("<p>#no space</p>");
  });

  test("paragraphs join their lines; a blank line starts a new one; CRLF is a line end", () => {
    expect(inner("one\ntwo\r\n\r\nthree")).toBe("<p>one two</p><p>three</p>");
  });

  test("lists: bullets, numbered with their start, and continuation lines", () => {
    expect(inner("- a\n* b\n+ c")).toBe("<ul><li>a</li><li>b</li><li>c</li></ul>");
    expect(inner("3. three\n4) four\n   more of four")).toBe('<ol start="3"><li>three</li><li>four more of four</li></ol>');
    expect(inner("- bullet\n1. number")).toBe('<ul><li>bullet</li></ul><ol start="1"><li>number</li></ol>');
  });

  test("fenced code keeps its text and layout, names its language, and is not read as markdown", () => {
    const out = inner("```ts\nconst a = 1;\n  if (a) **b**;\n```\nafter");
    expect(out).toBe('<pre tabindex="0" data-lang="ts"><code>const a = 1;\n  if (a) **b**;</code></pre><p>after</p>');
    expect(inner("~~~\n# not a heading\n~~~")).toBe('<pre tabindex="0"><code># not a heading</code></pre>');
  });

  test("inline code, bold, italic and nesting", () => {
    expect(inner("call `close_ticket` now")).toBe("<p>call <code>close_ticket</code> now</p>");
    expect(inner("``a `tick` b``")).toBe("<p><code>a `tick` b</code></p>");
    expect(inner("**bold** and __bold__, *it* and _it_")).toBe("<p><strong>bold</strong> and <strong>bold</strong>, <em>it</em> and <em>it</em></p>");
    expect(inner("**bold with *it* inside**")).toBe("<p><strong>bold with <em>it</em> inside</strong></p>");
    expect(inner("`**not bold**`")).toBe("<p><code>**not bold**</code></p>");
    expect(inner("snake_case_name and 2 * 3 * 4")).toBe("<p>snake_case_name and 2 * 3 * 4</p>");
  });

  test("links: web and in-page links are followed, others stay text", () => {
    expect(inner("[the spec](https://modelcontextprotocol.io/specification)")).toBe(
      '<p><a href="https://modelcontextprotocol.io/specification" target="_blank" rel="noreferrer noopener">the spec</a></p>',
    );
    expect(inner("[lesson 4](#04-on-the-wire) and [home](/)")).toBe('<p><a href="#04-on-the-wire">lesson 4</a> and <a href="/">home</a></p>');
    expect(inner("[click](javascript:alert(1))")).toBe("<p>[click](javascript:alert(1))</p>");
    expect(inner("[data](data:text/html,x)")).toBe("<p>[data](data:text/html,x)</p>");
    expect(inner("[protocol-relative](//evil.example/x)")).toBe("<p>[protocol-relative](//evil.example/x)</p>");
  });

  test("a backslash escapes markdown punctuation", () => {
    expect(inner("\\*not italic\\* and \\`not code\\` and \\_x\\_")).toBe("<p>*not italic* and `not code` and _x_</p>");
    expect(inner("a \\\\ backslash")).toBe("<p>a \\ backslash</p>");
    expect(inner("\\# not a heading")).toBe("<p># not a heading</p>");
    expect(inner("C:\\path stays")).toBe("<p>C:\\path stays</p>");
  });

  test("raw HTML is text, never markup, wherever it appears", () => {
    const attack = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    for (const source of [attack, `# ${attack}`, `- ${attack}`, `> ${attack}`, `| a |\n|---|\n| ${attack} |`, `**${attack}**`]) {
      const out = html(source);
      expect(out, source).not.toMatch(/<img|<script/);
      expect(out, source).toContain("&lt;script&gt;");
    }
    expect(inner("`<b>`")).toBe("<p><code>&lt;b&gt;</code></p>");
  });

  test("quotes, rules and tables", () => {
    expect(inner("> **Note:** one\n> two")).toBe("<blockquote><p><strong>Note:</strong> one two</p></blockquote>");
    expect(inner("---\n* * *")).toBe("<hr/><hr/>");
    expect(inner("| Round | Sends |\n|---|:--|\n| 1 | `params` |")).toBe(
      "<div><table><thead><tr><th>Round</th><th>Sends</th></tr></thead><tbody><tr><td>1</td><td><code>params</code></td></tr></tbody></table></div>",
    );
  });
});

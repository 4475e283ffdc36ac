// A small, safe markdown renderer for lesson text: everything becomes React elements or text
// nodes, so raw HTML in a lesson shows as text and can never run. Covers what lessons use:
// headings, paragraphs, lists, fenced code, quotes, rules, tables, and inline code, bold,
// italic, links and backslash escapes. Markdown.spec.tsx pins it.
import { Fragment, type ReactNode } from "react";
import { ScrollablePre } from "../ui/Scrollable";

type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "code"; lang: string; text: string }
  | { kind: "list"; ordered: boolean; start: number; items: string[] }
  | { kind: "quote"; text: string }
  | { kind: "rule" }
  | { kind: "table"; head: string[]; rows: string[][] };

const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;

function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());
}

function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = line.match(/^\s*(```+|~~~+)\s*([\w-]*)/);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(fence[1])) body.push(lines[i++]);
      i++;
      blocks.push({ kind: "code", lang: fence[2], text: body.join("\n") });
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*?)\s*#*$/);
    if (heading) {
      blocks.push({ kind: "heading", level: heading[1].length, text: heading[2] });
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push({ kind: "rule" });
      i++;
      continue;
    }
    if (line.trim().startsWith("|") && i + 1 < lines.length && /^\s*\|?\s*:?-+/.test(lines[i + 1])) {
      const head = splitRow(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && lines[i].trim().startsWith("|")) rows.push(splitRow(lines[i++]));
      blocks.push({ kind: "table", head, rows });
      continue;
    }
    if (line.startsWith(">")) {
      const body: string[] = [];
      while (i < lines.length && lines[i].startsWith(">")) body.push(lines[i++].replace(/^>\s?/, ""));
      blocks.push({ kind: "quote", text: body.join("\n") });
      continue;
    }
    const item = line.match(LIST_ITEM);
    if (item) {
      const ordered = /\d/.test(item[2]);
      const items: string[] = [];
      while (i < lines.length) {
        const m = lines[i].match(LIST_ITEM);
        if (m && /\d/.test(m[2]) === ordered) items.push(m[3]);
        else if (lines[i].trim() && /^\s{2,}/.test(lines[i]) && items.length) items[items.length - 1] += " " + lines[i].trim();
        else break;
        i++;
      }
      blocks.push({ kind: "list", ordered, start: ordered ? parseInt(item[2], 10) : 1, items });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i].trim() && !LIST_ITEM.test(lines[i]) && !/^(#{1,6}\s|```|~~~|>)/.test(lines[i].trimStart()))
      para.push(lines[i++].trim());
    blocks.push({ kind: "paragraph", text: para.join(" ") });
  }
  return blocks;
}

/** Only web links and in-page anchors are followed; `javascript:` and friends stay text. */
function safeHref(href: string): string | undefined {
  if (/^(https?:\/\/|#|\/(?!\/)|\.\.?\/)/i.test(href)) return href;
  return undefined;
}

// Underscores inside a word (snake_case_names) are not emphasis; a backslash before ASCII punctuation makes it literal.
const INLINE =
  /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([\s\S]+?)\*\*|(?<![\p{L}\p{N}])__([\s\S]+?)__(?![\p{L}\p{N}])|\*([^*\s][^*]*?)\*|(?<![\p{L}\p{N}])_([^_\s][^_]*?)_(?![\p{L}\p{N}])|\[([^\]]+)\]\(([^)\s]+)\)|\\([!-/:-@[-`{-~])/gu;

function renderInline(text: string, keyPrefix = "i"): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index! > last) out.push(text.slice(last, m.index));
    const key = `${keyPrefix}-${n++}`;
    if (m[1])
      out.push(
        <code key={key} className="code-inline">
          {m[2].trim() ? m[2].replace(/^ (.*) $/, "$1") : m[2]}
        </code>,
      );
    else if (m[3] ?? m[4]) out.push(<strong key={key}>{renderInline(m[3] ?? m[4], key)}</strong>);
    else if (m[5] ?? m[6]) out.push(<em key={key}>{renderInline(m[5] ?? m[6], key)}</em>);
    else if (m[9]) out.push(m[9]);
    else {
      const href = safeHref(m[8]);
      out.push(
        href ? (
          <a
            key={key}
            href={href}
            className="text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
            {...(href.startsWith("http") ? { target: "_blank", rel: "noreferrer noopener" } : {})}
          >
            {renderInline(m[7], key)}
          </a>
        ) : (
          <Fragment key={key}>{m[0]}</Fragment>
        ),
      );
    }
    last = m.index! + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

const headingClass = ["", "text-xl font-bold", "text-lg font-semibold", "text-base font-semibold", "font-semibold", "font-semibold", "font-semibold"];

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case "heading": {
      const Tag = `h${Math.min(block.level + 1, 6)}` as "h2";
      return (
        <Tag key={key} className={`${headingClass[block.level]} mt-4 mb-2 first:mt-0`}>
          {renderInline(block.text, `h${key}`)}
        </Tag>
      );
    }
    case "paragraph":
      return (
        <p key={key} className="my-2 leading-relaxed">
          {renderInline(block.text, `p${key}`)}
        </p>
      );
    case "code":
      return (
        <ScrollablePre
          key={key}
          className="my-3 overflow-x-auto rounded-md bg-slate-100 p-3 font-mono text-[0.82rem] leading-snug dark:bg-slate-800"
          data-lang={block.lang || undefined}
        >
          <code>{block.text}</code>
        </ScrollablePre>
      );
    case "list": {
      const items = block.items.map((t, j) => (
        <li key={j} className="my-1">
          {renderInline(t, `l${key}-${j}`)}
        </li>
      ));
      return block.ordered ? (
        <ol key={key} start={block.start} className="my-2 list-decimal pl-6">
          {items}
        </ol>
      ) : (
        <ul key={key} className="my-2 list-disc pl-6">
          {items}
        </ul>
      );
    }
    case "quote":
      return (
        <blockquote key={key} className="my-3 border-l-4 border-indigo-300 bg-indigo-50/60 px-3 py-1 dark:border-indigo-700 dark:bg-indigo-950/40">
          {parseBlocks(block.text).map(renderBlock)}
        </blockquote>
      );
    case "rule":
      return <hr key={key} className="my-4 border-slate-200 dark:border-slate-700" />;
    case "table":
      return (
        <div key={key} className="my-3 overflow-x-auto">
          <table className="w-full border-collapse text-[0.82rem]">
            <thead>
              <tr>
                {block.head.map((h, j) => (
                  <th key={j} className="border-b border-slate-300 px-2 py-1 text-left font-semibold dark:border-slate-600">
                    {renderInline(h, `th${key}-${j}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((r, j) => (
                <tr key={j}>
                  {r.map((c, k) => (
                    <td key={k} className={`border-b border-slate-200 px-2 py-1 align-top dark:border-slate-700 ${k === 0 ? "whitespace-nowrap" : ""}`}>
                      {renderInline(c, `td${key}-${j}-${k}`)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

export function Markdown({ source }: { source: string }) {
  return <div className="text-[0.95rem]">{parseBlocks(source).map(renderBlock)}</div>;
}

// JSON shown with folding: every object and array is a native <details>, so folding works with
// the keyboard and browser find. Paths listed in `highlight` are marked, which is how the Wire
// tab shows what changed between two rounds. Large values stay cheap: a folded node renders no
// children, each node shows its first entries with "show more", long strings are cut, and a
// value too big for a tree offers "show all" as plain text (a result with 200,000 keys must not
// freeze the page).
import { useMemo, useState, type ReactNode } from "react";
import { LongText } from "./LongText";
import { describeSize, jsonText, ENTRY_PAGE, STRING_PREVIEW } from "./json-size";

type JsonPath = string;

interface Props {
  value: unknown;
  /** Paths like `params.inputResponses`, marked wherever they appear. */
  highlight?: Set<JsonPath>;
  /** Objects deeper than this start folded. */
  openDepth?: number;
  label?: string;
}

const scalarClass = (v: unknown) =>
  typeof v === "string"
    ? "text-emerald-700 dark:text-emerald-300"
    : typeof v === "number"
      ? "text-sky-700 dark:text-sky-300"
      : typeof v === "boolean"
        ? "text-violet-700 dark:text-violet-300"
        : "text-slate-600 dark:text-slate-400";

function Scalar({ value }: { value: unknown }) {
  const [full, setFull] = useState(false);
  const text = JSON.stringify(value) ?? "undefined";
  if (text.length <= STRING_PREVIEW || full) return <span className={`break-all ${scalarClass(value)}`}>{text}</span>;
  return (
    <span className={`break-all ${scalarClass(value)}`}>
      {text.slice(0, STRING_PREVIEW)}…{" "}
      <button type="button" className="font-sans text-xs text-indigo-700 underline dark:text-indigo-300" onClick={() => setFull(true)}>
        show all {text.length.toLocaleString()} characters
      </button>
    </span>
  );
}

interface NodeProps {
  name?: string;
  value: unknown;
  path: string;
  depth: number;
  highlight?: Set<string>;
  openDepth: number;
  last: boolean;
}

function Node({ name, value, path, depth, highlight, openDepth, last }: NodeProps) {
  const marked = highlight?.has(path);
  const [open, setOpen] = useState(() => depth < openDepth || hasHighlightBelow(highlight, path));
  const [shown, setShown] = useState(ENTRY_PAGE);
  const key = name !== undefined ? <span className="text-rose-800 dark:text-rose-300">{JSON.stringify(name)}</span> : null;
  const mark = marked ? "rounded bg-amber-200/70 ring-1 ring-amber-400 dark:bg-amber-500/25 dark:ring-amber-500/60" : "";
  const comma = last ? "" : ",";
  if (value === null || typeof value !== "object") {
    return (
      <div className={mark} data-path={path}>
        {key}
        {key && ": "}
        <Scalar value={value} />
        {comma}
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const count = isArray ? value.length : Object.keys(value as object).length;
  const [openBracket, close] = isArray ? ["[", "]"] : ["{", "}"];
  if (!count) {
    return (
      <div className={mark} data-path={path}>
        {key}
        {key && ": "}
        {openBracket}
        {close}
        {comma}
      </div>
    );
  }
  let children: ReactNode[] = [];
  if (open) {
    // Only the entries on show are even listed: Object.entries of 200,000 keys is fine, rendering them is not.
    const keys = isArray ? [] : Object.keys(value as object).slice(0, shown);
    const entries: [string, unknown][] = isArray
      ? (value as unknown[]).slice(0, shown).map((v, i) => [String(i), v])
      : keys.map((k) => [k, (value as Record<string, unknown>)[k]]);
    children = entries.map(([k, v], i) => (
      <Node
        key={k}
        name={isArray ? undefined : k}
        value={v}
        path={path ? `${path}.${k}` : k}
        depth={depth + 1}
        highlight={highlight}
        openDepth={openDepth}
        last={i === count - 1}
      />
    ));
  }
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)} className={mark} data-path={path}>
      <summary className="cursor-pointer list-none marker:hidden [&::-webkit-details-marker]:hidden">
        <span className="mr-1 inline-block w-3 text-slate-600 dark:text-slate-400 select-none" aria-hidden>
          ▸
        </span>
        {key}
        {key && ": "}
        {openBracket}
        <span className="folded-hint text-slate-600 dark:text-slate-300">
          {" "}
          {count.toLocaleString()} {isArray ? "items" : "keys"} {close}
          {comma}
        </span>
      </summary>
      {open && (
        <>
          <div className="border-l border-slate-200 pl-4 dark:border-slate-700">
            {children}
            {count > shown && (
              <button
                type="button"
                className="font-sans text-xs text-indigo-700 underline dark:text-indigo-300"
                onClick={() => setShown((n) => n + ENTRY_PAGE * 4)}
                data-testid="json-show-more"
              >
                {(count - shown).toLocaleString()} more {isArray ? "items" : "keys"}: show {Math.min(count - shown, ENTRY_PAGE * 4).toLocaleString()} more
              </button>
            )}
          </div>
          <div className="pl-4">
            {close}
            {comma}
          </div>
        </>
      )}
    </details>
  );
}

function hasHighlightBelow(highlight: Set<string> | undefined, path: string) {
  if (!highlight) return false;
  for (const p of highlight) if (path === "" || p.startsWith(path + ".")) return true;
  return false;
}

export function JsonTree({ value, highlight, openDepth = 3, label }: Props) {
  const size = useMemo(() => describeSize(value), [value]);
  return (
    <div role="group" className="json-tree overflow-x-auto font-mono text-[0.78rem] leading-5" aria-label={label}>
      {size.large && (
        <div className="mb-1 font-sans text-xs text-slate-600 dark:text-slate-400" data-testid="json-large">
          Large value ({size.summary}): showing the first {ENTRY_PAGE} entries of each part. <LongText text={() => jsonText(value)} label="Show all as text" />
        </div>
      )}
      <Node value={value} path="" depth={0} highlight={highlight} openDepth={size.large ? 1 : openDepth} last />
    </div>
  );
}

// JSON shown in full with folding: every object and array is a native <details>, so folding
// works with the keyboard and browser find. Paths listed in `highlight` are marked, which is
// how the Wire tab shows what changed between two rounds.
import type { ReactNode } from "react";

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
        : "text-slate-500";

function Scalar({ value }: { value: unknown }) {
  return <span className={`break-all ${scalarClass(value)}`}>{JSON.stringify(value)}</span>;
}

function Node({ name, value, path, depth, highlight, openDepth, last }: { name?: string; value: unknown; path: string; depth: number; highlight?: Set<string>; openDepth: number; last: boolean }) {
  const marked = highlight?.has(path);
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
  const entries: [string, unknown][] = isArray ? value.map((v, i) => [String(i), v]) : Object.entries(value as object);
  const [open, close] = isArray ? ["[", "]"] : ["{", "}"];
  if (!entries.length) {
    return (
      <div className={mark} data-path={path}>
        {key}
        {key && ": "}
        {open}
        {close}
        {comma}
      </div>
    );
  }
  const children: ReactNode[] = entries.map(([k, v], i) => (
    <Node key={k} name={isArray ? undefined : k} value={v} path={path ? `${path}.${k}` : k} depth={depth + 1} highlight={highlight} openDepth={openDepth} last={i === entries.length - 1} />
  ));
  return (
    <details open={depth < openDepth || hasHighlightBelow(highlight, path)} className={mark} data-path={path}>
      <summary className="cursor-pointer list-none marker:hidden [&::-webkit-details-marker]:hidden">
        <span className="mr-1 inline-block w-3 text-slate-400 select-none" aria-hidden>
          ▸
        </span>
        {key}
        {key && ": "}
        {open}
        <span className="folded-hint text-slate-400"> {entries.length} {isArray ? "items" : "keys"} {close}{comma}</span>
      </summary>
      <div className="border-l border-slate-200 pl-4 dark:border-slate-700">{children}</div>
      <div className="pl-4">
        {close}
        {comma}
      </div>
    </details>
  );
}

function hasHighlightBelow(highlight: Set<string> | undefined, path: string) {
  if (!highlight) return false;
  for (const p of highlight) if (path === "" || p.startsWith(path + ".")) return true;
  return false;
}

export function JsonTree({ value, highlight, openDepth = 3, label }: Props) {
  return (
    <div role="group" className="json-tree overflow-x-auto font-mono text-[0.78rem] leading-5" aria-label={label}>
      <Node value={value} path="" depth={0} highlight={highlight} openDepth={openDepth} last />
    </div>
  );
}

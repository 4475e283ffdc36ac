// A recording, read-only: Call, Wire and Files tabs over one step at a time, with Previous and Next (and the arrow
// keys). Everything shown is the file's text, rendered as text.
import { useEffect, useMemo, useState } from "react";
import type { Recording } from "../../contract/recording";
import { GroupCard } from "../tabs/wire/WireTab";
import { ReplayCall } from "./ReplayCall";
import { replaySteps, stepLine } from "./steps";

type TabId = "call" | "wire" | "files";
const TABS: { id: TabId; label: string }[] = [
  { id: "call", label: "Call" },
  { id: "wire", label: "Wire" },
  { id: "files", label: "Files" },
];

export function ReplayView({ recording }: { recording: Recording }) {
  const steps = useMemo(() => replaySteps(recording), [recording]);
  const [index, setIndex] = useState(0);
  const [tab, setTab] = useState<TabId>("call");
  const step = steps[Math.min(index, steps.length - 1)];
  const go = (to: number) => setIndex(Math.max(0, Math.min(steps.length - 1, to)));
  // Alt+← and Alt+→ step from anywhere on the page, as Previous and Next do.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || (e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
      e.preventDefault();
      setIndex((i) => Math.max(0, Math.min(steps.length - 1, i + (e.key === "ArrowRight" ? 1 : -1))));
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [steps.length]);
  const earlier = step ? [...new Map(steps.slice(0, index).map((s) => [s.group.id, s.group])).values()].filter((g) => g.id !== step.group.id) : [];

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {steps.length > 0 && (
        <nav aria-label="Steps" className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-700">
          <button type="button" className="btn-secondary" onClick={() => go(index - 1)} disabled={index === 0} title="Alt+←">
            ← Previous
          </button>
          <button type="button" className="btn-secondary" onClick={() => go(index + 1)} disabled={index >= steps.length - 1} title="Alt+→">
            Next →
          </button>
          <span className="text-sm" aria-live="polite" data-testid="replay-step">
            Step {index + 1} of {steps.length} · <span className="font-mono">{stepLine(step)}</span>
          </span>
        </nav>
      )}
      <div role="tablist" aria-label="Recording" className="flex gap-1 border-b border-slate-200 px-3 pt-1.5 dark:border-slate-700">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            id={`replay-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`replay-panel-${t.id}`}
            className={`-mb-px border-b-2 px-3 py-1.5 text-sm font-semibold ${tab === t.id ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"}`}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => {
              const i = TABS.findIndex((x) => x.id === tab);
              // Alt with an arrow is a step, not a tab switch.
              if (e.altKey || (e.key !== "ArrowRight" && e.key !== "ArrowLeft")) return;
              const next = TABS[(i + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length];
              setTab(next.id);
              document.getElementById(`replay-tab-${next.id}`)?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`replay-panel-${tab}`} role="tabpanel" aria-labelledby={`replay-tab-${tab}`} className="min-h-0 flex-1 overflow-auto p-3">
        {tab === "call" && <ReplayCall step={step} calls={recording.calls} />}
        {tab === "wire" &&
          (step ? (
            <div className="space-y-2" data-testid="replay-wire">
              <GroupCard key={`${step.group.id}`} group={step.shown} latest version={index} />
              {earlier.reverse().map((g) => (
                <GroupCard key={g.id} group={g} latest={false} version={index} />
              ))}
            </div>
          ) : (
            <p className="text-sm text-slate-500">This recording has no wire exchanges.</p>
          ))}
        {tab === "files" && <Files files={recording.files} />}
      </div>
    </div>
  );
}

function Files({ files }: { files: Record<string, string> }) {
  const names = Object.keys(files);
  const [picked, setPicked] = useState(names.find((f) => f.endsWith(".tool.ts")) ?? names[0]);
  if (!names.length) return <p className="text-sm text-slate-500">This recording has no files.</p>;
  return (
    <div>
      <div role="group" aria-label="Files" className="mb-2 flex flex-wrap gap-1">
        {names.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={name === picked}
            className={name === picked ? "btn-primary !py-0.5 text-xs" : "btn-ghost !py-0.5 text-xs"}
            onClick={() => setPicked(name)}
          >
            {name}
          </button>
        ))}
      </div>
      <pre className="overflow-auto rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800" data-testid="replay-file">
        {files[picked] ?? ""}
      </pre>
    </div>
  );
}

// The Call, Wire and Tests tabs, with the marks on each tab: a question waiting, an outside client connected, the
// open lesson's wire cards, the last test run. All panels stay mounted: switching tabs must not lose a half-filled
// form or a scroll position.
import type { ReactNode } from "react";
import { useProject } from "../project/project-store";
import { useOutsideTraffic } from "../server-bridge/outside-traffic";
import { useWireLog } from "../server-bridge/wire-log";
import { CallTab } from "../tabs/call/CallTab";
import { useCall } from "../tabs/call/call-store";
import { TestsTab } from "../tabs/tests/TestsTab";
import { useLessonResults } from "../tabs/tests/results-store";
import { WireTab } from "../tabs/wire/WireTab";

export type TabId = "call" | "wire" | "tests";
const TABS: { id: TabId; label: string }[] = [
  { id: "call", label: "Call" },
  { id: "wire", label: "Wire" },
  { id: "tests", label: "Tests" },
];

function TabMarks({ id }: { id: TabId }) {
  const project = useProject();
  const call = useCall();
  const wire = useWireLog();
  const outside = useOutsideTraffic();
  const results = useLessonResults(project.lesson?.id).tests.data;
  const cards = wire.groups.filter((g) => g.lessonId === project.lesson?.id).length;
  if (id === "call")
    return call.question ? <span role="img" className="ml-1.5 inline-block size-2 rounded-full bg-amber-500" aria-label="waiting for your answer" /> : null;
  if (id === "wire")
    return (
      <>
        {outside.clients.some((c) => c.connected) && (
          <span
            role="img"
            className="ml-1.5 inline-block size-2 rounded-full bg-teal-500"
            aria-label="an outside client is connected"
            data-testid="wire-outside-dot"
          />
        )}
        {cards > 0 && <span className="ml-1.5 text-xs font-normal text-slate-600 dark:text-slate-400">{cards}</span>}
      </>
    );
  return results ? (
    <span
      className={`ml-1.5 text-xs font-normal ${results.failed ? "text-rose-700 dark:text-rose-400" : "text-emerald-700 dark:text-emerald-400"}`}
      data-testid="tests-badge"
    >
      {results.passed}/{results.passed + results.failed}
    </span>
  ) : null;
}

export function TabsPanel({ tab, onTab, onRunTests, checkSlot }: { tab: TabId; onTab(id: TabId): void; onRunTests(): void; checkSlot?: ReactNode }) {
  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label="Call, Wire and Tests">
      <div role="tablist" aria-label="Panels" className="flex gap-1 border-b border-slate-200 px-3 pt-1.5 pr-9 dark:border-slate-700">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            className={`-mb-px border-b-2 px-3 py-1.5 text-sm font-semibold ${tab === t.id ? "border-indigo-600 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300" : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100"}`}
            onClick={() => onTab(t.id)}
            onKeyDown={(e) => {
              if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
              const i = TABS.findIndex((x) => x.id === tab);
              const next = TABS[(i + (e.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length];
              onTab(next.id);
              document.getElementById(`tab-${next.id}`)?.focus();
            }}
          >
            {t.label}
            <TabMarks id={t.id} />
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div key={t.id} id={`panel-${t.id}`} role="tabpanel" aria-labelledby={`tab-${t.id}`} hidden={tab !== t.id} className="min-h-0 flex-1 overflow-auto p-3">
          {t.id === "call" && <CallTab />}
          {t.id === "wire" && <WireTab />}
          {t.id === "tests" && <TestsTab onRun={onRunTests} checkSlot={checkSlot} />}
        </div>
      ))}
    </section>
  );
}

// The author page (/?author, or from a room's teacher page: /?author&room=CODE): a teacher writes a challenge of their
// own (title, Markdown text with its preview, starter files, hidden checks, a hint per check, the reference solution,
// broken variants), starting blank (FrontMCP or the official SDK) or from a copy of a shipped challenge. Save runs
// the server's fairness proof; a published challenge can join the room, be exported as a zip, or come back from one.
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { checkNamesIn } from "../../contract/challenges";
import { PERSONA_NAMES } from "../../contract/personas";
import { useToast } from "../app/Toast";
import { LessonBody } from "../lessons/LessonText";
import { addToRoom, copyShipped, downloadExport, importZip, loadChallenge, saveChallenge, type ChallengeDraftInput } from "../server-bridge/challenges";
import { requestJson } from "../server-bridge/http";
import { useLessons, type Lesson } from "../server-bridge/lessons";
import { teacherFromUrl, teacherLink } from "../rooms/room-links";
import { PageBrand } from "../ui/PageBrand";
import { ThemeButton } from "../rooms/ThemeButton";
import { FilesEditor } from "./FilesEditor";
import { ProofPanel } from "./ProofPanel";
import { blankDraft, STARTS } from "./starts";

type Draft = Required<ChallengeDraftInput>;
type Part = "starter" | "checks" | "hints" | "solution" | "broken";
const PARTS: [Part, string][] = [
  ["starter", "Starter"],
  ["checks", "Hidden checks"],
  ["hints", "Hints"],
  ["solution", "Solution"],
  ["broken", "Broken variants"],
];

export function AuthorPage() {
  const room = teacherFromUrl();
  const toast = useToast();
  const id = useId();
  const shipped = (useLessons().data ?? []).filter((l) => l.kind === "challenge");
  const [draft, setDraft] = useState<Draft>(blankDraft);
  const [challengeId, setChallengeId] = useState<string>();
  const [part, setPart] = useState<Part>("starter");
  const [from, setFrom] = useState("c1-confirm-before-deleting");
  const [variant, setVariant] = useState<string>();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const checkNames = Object.keys(draft.checks)
    .sort()
    .flatMap((name) => checkNamesIn(draft.checks[name]));

  const save = useMutation({
    // Hints of checks renamed or removed since are left out: hints.json holds one per check.
    mutationFn: () => saveChallenge({ ...draft, hints: Object.fromEntries(checkNames.map((name) => [name, draft.hints[name] ?? ""])) }, challengeId),
    onSuccess: (saved) => setChallengeId(saved.id),
    onError: (e) => toast.show(e.message),
  });
  const start = async (how: () => Promise<Draft>) => {
    try {
      setDraft(await how());
      setChallengeId(undefined);
      save.reset();
    } catch (e) {
      toast.show((e as Error).message);
    }
  };
  const copy = () => start(() => copyShipped(from, room!.code, room!.key!));
  // The lesson's project is the starter, and the solution to change until it passes the checks.
  const blank = (lesson: string) =>
    start(async () => {
      const { files } = await requestJson<Lesson>("GET", `/api/lessons/${lesson}`);
      return { ...blankDraft(), starter: files, solution: files };
    });
  const reopen = async (created: { id: string }) => {
    const loaded = await loadChallenge(created.id);
    const { id: _, status: __, proof: ___, updatedAt: ____, ...content } = loaded;
    setDraft(content);
    setChallengeId(created.id);
  };
  const saved = save.data;
  const canAdd = room?.key && challengeId && saved?.status === "published";

  const variants = Object.keys(draft.broken);
  const shownVariant = variant !== undefined && variant in draft.broken ? variant : variants[0];

  return (
    <div className="flex h-full flex-col">
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
        <PageBrand />
        <h1 className="font-semibold">{challengeId ? "Edit challenge" : "New challenge"}</h1>
        <div className="ml-auto flex flex-wrap items-center gap-1.5">
          {room?.key && (
            <a className="btn-ghost" href={teacherLink(room.code, room.key)}>
              Back to room {room.code}
            </a>
          )}
          <ThemeButton word />
        </div>
      </header>
      <main className="min-h-0 flex-1 space-y-4 overflow-auto p-4">
        <section aria-labelledby={`${id}-start`} className="panel flex flex-wrap items-end gap-2 p-3">
          <h2 id={`${id}-start`} className="w-full font-semibold">
            Start from
          </h2>
          {STARTS.map((s) => (
            <button key={s.lesson} type="button" className="btn-secondary" onClick={() => void blank(s.lesson)}>
              {s.label}
            </button>
          ))}
          <span className="flex flex-wrap items-end gap-1.5">
            <label className="text-sm">
              <span className="block">A copy of a shipped challenge</span>
              <select className="field-input w-auto" value={from} onChange={(e) => setFrom(e.target.value)}>
                {shipped.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.title}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="btn-secondary" disabled={!room?.key} onClick={() => void copy()}>
              Copy
            </button>
          </span>
          {!room?.key && (
            <p className="w-full text-xs text-slate-600 dark:text-slate-400">Open this page from your room's teacher page to copy a shipped challenge.</p>
          )}
          <label className="btn-secondary cursor-pointer">
            Import a zip
            <input
              type="file"
              accept=".zip,application/zip"
              className="sr-only"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void importZip(file).then(reopen, (err: Error) => toast.show(err.message));
              }}
            />
          </label>
        </section>

        <div className="grid gap-4 lg:grid-cols-2">
          <section aria-label="Text" className="space-y-2">
            <label className="block text-sm font-medium">
              Title
              <input className="field-input" value={draft.title} maxLength={80} onChange={(e) => set({ title: e.target.value })} />
            </label>
            <label className="block text-sm font-medium">
              Client the text is written for
              <select className="field-input" value={draft.persona} onChange={(e) => set({ persona: e.target.value as Draft["persona"] })}>
                {PERSONA_NAMES.map((name) => (
                  <option key={name}>{name}</option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-medium">
              Text (Markdown, as lessons use it)
              <textarea className="field-input h-64 font-mono" value={draft.text} onChange={(e) => set({ text: e.target.value })} />
            </label>
          </section>
          <section aria-labelledby={`${id}-preview`} className="panel min-w-0 space-y-2 p-3">
            <h2 id={`${id}-preview`} className="text-sm font-semibold text-slate-600 dark:text-slate-300">
              Preview, as learners see it
            </h2>
            <div data-testid="preview">
              <p className="mb-2 text-xl font-bold">{draft.title || "(no title yet)"}</p>
              <LessonBody body={draft.text} />
            </div>
          </section>
        </div>

        <section aria-label="Files" className="panel space-y-3 p-3">
          <div role="tablist" aria-label="Part" className="flex flex-wrap gap-1">
            {PARTS.map(([p, label]) => (
              <button
                key={p}
                type="button"
                role="tab"
                aria-selected={part === p}
                className={part === p ? "btn-primary" : "btn-ghost"}
                onClick={() => setPart(p)}
              >
                {label}
              </button>
            ))}
          </div>
          {part === "starter" && (
            <FilesEditor key="starter" label="Starter" files={draft.starter} onChange={(starter) => set({ starter })} newName="new.tool.ts" />
          )}
          {part === "checks" && (
            <>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Each <code className="code-inline">test("name", ...)</code> with <code className="code-inline">@frontmcp/testing</code> is one check; it reaches
                the learner's tool only over MCP.
              </p>
              <FilesEditor key="checks" label="Checks" files={draft.checks} onChange={(checks) => set({ checks })} newName="checks.test.ts" />
            </>
          )}
          {part === "hints" && (
            <ul className="space-y-2">
              {checkNames.length === 0 && <li className="text-sm">The checks have no test(...) yet.</li>}
              {checkNames.map((name) => (
                <li key={name}>
                  <label className="block text-sm font-medium">
                    Hint for “{name}”
                    <textarea
                      className="field-input h-16"
                      value={draft.hints[name] ?? ""}
                      onChange={(e) => set({ hints: { ...draft.hints, [name]: e.target.value } })}
                    />
                  </label>
                </li>
              ))}
            </ul>
          )}
          {part === "solution" && (
            <FilesEditor key="solution" label="Solution" files={draft.solution} onChange={(solution) => set({ solution })} newName="new.tool.ts" />
          )}
          {part === "broken" && (
            <div className="space-y-2">
              <p className="text-sm text-slate-700 dark:text-slate-300">
                A broken variant is a project with one mistake a learner might make: at least one check should fail on it.
              </p>
              <div className="flex flex-wrap gap-1.5">
                {variants.map((v) => (
                  <button
                    key={v}
                    type="button"
                    aria-pressed={v === shownVariant}
                    className={v === shownVariant ? "btn-primary" : "btn-secondary"}
                    onClick={() => setVariant(v)}
                  >
                    {v}
                  </button>
                ))}
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => {
                    const name = `variant-${variants.length + 1}`;
                    set({ broken: { ...draft.broken, [name]: draft.solution } });
                    setVariant(name);
                  }}
                >
                  Add a variant (a copy of the solution)
                </button>
              </div>
              {shownVariant && (
                <FilesEditor
                  key={shownVariant}
                  label={`Variant ${shownVariant}`}
                  files={draft.broken[shownVariant]}
                  onChange={(files) => set({ broken: { ...draft.broken, [shownVariant]: files } })}
                  newName="new.tool.ts"
                />
              )}
            </div>
          )}
        </section>

        <section aria-label="Save" className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn-primary" disabled={save.isPending} onClick={() => save.mutate()}>
            {save.isPending ? "Proving it fair…" : "Save and prove fair"}
          </button>
          {canAdd && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() =>
                void addToRoom(room.code, room.key!, challengeId).then(
                  () => toast.show(`Added to room ${room.code}`),
                  (e: Error) => toast.show(e.message),
                )
              }
            >
              Add to room {room.code}
            </button>
          )}
          {challengeId && (
            <button type="button" className="btn-secondary" onClick={() => void downloadExport(challengeId).catch((e: Error) => toast.show(e.message))}>
              Export zip
            </button>
          )}
        </section>
        {saved && <ProofPanel proof={saved.proof} status={saved.status} id={saved.id} />}
      </main>
      {toast.node}
    </div>
  );
}

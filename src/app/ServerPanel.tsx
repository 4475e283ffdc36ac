// The server as a client sees it (MCP Inspector's server view): what initialize returned for the
// chosen persona (protocol version, server info, capabilities, instructions) and its tools/list,
// beside the capabilities each persona declares. The requests show in the Wire tab.
import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { personaNamed, personas, type PersonaName } from "../server-bridge/personas";
import { sessionKeeper, useSession } from "../server-bridge/session";
import { wireLog } from "../server-bridge/wire-log";
import { projectStore } from "../project/project-store";
import { useCall } from "../tabs/call/call-store";
import { JsonTree } from "../ui/JsonTree";
import { Spinner } from "../ui/Spinner";

async function describe(name: PersonaName) {
  const mcp = await import("../server-bridge/mcp-client");
  const persona = personaNamed(name);
  wireLog.beginGroup("initialize + tools/list", persona.label);
  return sessionKeeper.withSession(projectStore.snapshot().files, (_id, mcpUrl) =>
    mcp.describeServer({ mcpUrl, generation: sessionKeeper.snapshot().generation, persona }),
  );
}

export function ServerPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const call = useCall();
  const session = useSession();
  const [persona, setPersona] = useState<PersonaName>(call.persona);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      setPersona(call.persona);
      d.showModal();
    }
    if (!open && d.open) d.close();
  }, [open]);
  const info = useQuery({
    queryKey: ["server-info", persona, session.generation],
    queryFn: () => describe(persona),
    enabled: open && session.status !== "compile-error",
    staleTime: Infinity,
    retry: false,
  });

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="server-panel-title"
      className="m-auto max-h-[90vh] w-[min(52rem,94vw)] overflow-auto rounded-xl border border-slate-300 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="space-y-4 p-5">
        <div className="flex items-start gap-3">
          <div className="flex-1">
            <h2 id="server-panel-title" className="text-lg font-bold">
              Your server, as a client sees it
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              What initialize and tools/list return for the chosen client. These requests appear in the Wire tab too.
            </p>
          </div>
          <button type="button" className="btn-ghost" onClick={onClose} aria-label="Close">
            ✕
          </button>
        </div>
        <label className="flex flex-wrap items-center gap-2 text-sm">
          Connect as
          <select className="field-input w-auto" value={persona} onChange={(e) => setPersona(e.target.value as PersonaName)}>
            {personas.map((p) => (
              <option key={p.name} value={p.name}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        {session.status === "compile-error" && (
          <p className="text-sm">Your code does not compile, so the server is not running: fix the problems in the editor first.</p>
        )}
        {info.isPending && info.fetchStatus !== "idle" && <Spinner label="Asking the server…" />}
        {info.error && (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {(info.error as Error).message}
          </p>
        )}
        {info.data && (
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]" data-testid="server-info">
            <dt className="font-semibold">Protocol version</dt>
            <dd className="font-mono">{info.data.protocolVersion ?? "—"}</dd>
            <dt className="font-semibold">Server info</dt>
            <dd>
              <JsonTree value={info.data.serverInfo ?? null} label="server info" />
            </dd>
            <dt className="font-semibold">Server capabilities</dt>
            <dd>
              <JsonTree value={info.data.capabilities ?? {}} label="server capabilities" />
            </dd>
            {info.data.instructions && (
              <>
                <dt className="font-semibold">Instructions</dt>
                <dd className="whitespace-pre-wrap">{info.data.instructions}</dd>
              </>
            )}
            <dt className="font-semibold">tools/list</dt>
            <dd>
              <ul className="space-y-0.5">
                {info.data.tools.map((t) => (
                  <li key={t.name}>
                    <span className="font-mono font-semibold">{t.name}</span>{" "}
                    {t.description && <span className="text-slate-600 dark:text-slate-400">— {t.description}</span>}
                  </li>
                ))}
              </ul>
            </dd>
          </dl>
        )}
        <section>
          <h3 className="mb-1 text-sm font-semibold">What each persona declares</h3>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="persona-capabilities">
              <thead className="text-xs text-slate-600 dark:text-slate-400">
                <tr>
                  <th className="py-1 pr-3 font-semibold">Persona</th>
                  <th className="py-1 pr-3 font-semibold">Protocol</th>
                  <th className="py-1 font-semibold">Client capabilities</th>
                </tr>
              </thead>
              <tbody>
                {personas.map((p) => (
                  <tr key={p.name} className="border-t border-slate-200 align-top dark:border-slate-700">
                    <td className="py-1 pr-3">
                      {p.label} <code className="block text-xs text-slate-600 dark:text-slate-400">{p.name}</code>
                    </td>
                    <td className="py-1 pr-3 font-mono">{p.protocolVersion}</td>
                    <td className="py-1 font-mono text-xs break-all">{JSON.stringify(p.capabilities)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </dialog>
  );
}

// Joining a room (/?join=CODE from the link or QR code, or /?join= to type the code and nickname on one form), or
// coming back with a personal rejoin link (/?join=CODE#rejoin=TOKEN): the same learner, with their code.
import { useEffect, useState } from "react";
import { saveDraft } from "../project/drafts";
import { ApiError } from "../server-bridge/http";
import { roomMembership, useRoomMembership } from "../server-bridge/rooms";
import { ThemeButton } from "./ThemeButton";

export function JoinPage() {
  const [code, setCode] = useState(() => (new URLSearchParams(location.search).get("join") ?? "").toUpperCase());
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { membership } = useRoomMembership();
  const already = membership && membership.code === code.replace(/[\s-]/g, "");
  const [rejoinToken] = useState(() => new URLSearchParams(location.hash.slice(1)).get("rejoin"));

  useEffect(() => {
    if (!rejoinToken) return;
    // The token leaves the address bar at once: it is the learner's own key to the room.
    history.replaceState(history.state, "", location.pathname + location.search);
    setBusy(true);
    roomMembership.rejoin(code.replace(/[\s-]/g, ""), rejoinToken).then(
      (back) => {
        if (back.item && back.files) saveDraft(back.item, back.files);
        location.assign(back.item ? `/?lesson=${encodeURIComponent(back.item)}` : "/");
      },
      (e) => {
        setError(e instanceof ApiError ? errorText(e) : (e as Error).message);
        setBusy(false);
      },
    );
  }, [rejoinToken, code]);

  const join = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await roomMembership.join(code.replace(/[\s-]/g, ""), name);
      location.assign("/");
    } catch (e) {
      setError(e instanceof ApiError ? errorText(e) : (e as Error).message);
      setBusy(false);
    }
  };

  return (
    <div className="grid min-h-full place-items-center p-4">
      <main className="panel w-[min(26rem,100%)] p-6">
        <div className="mb-4 flex items-center gap-2">
          <img src="/favicon.svg" alt="" className="size-7" />
          <h1 className="text-lg font-bold">{rejoinToken ? "Back to your room" : "Join a workshop room"}</h1>
          <ThemeButton className="btn-ghost ml-auto" />
        </div>
        {already ? (
          <p className="mb-3 text-sm">
            You are in room <b>{membership.code}</b> as <b>{membership.name}</b>.{" "}
            <a className="text-indigo-700 underline dark:text-indigo-300" href="/">
              Go to the lessons
            </a>
          </p>
        ) : null}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void join();
          }}
          className="space-y-3"
        >
          <div>
            <label htmlFor="join-code" className="mb-1 block text-sm font-medium">
              Room code
            </label>
            <input
              id="join-code"
              className="field-input font-mono text-lg tracking-widest uppercase"
              autoComplete="off"
              maxLength={8}
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              placeholder="ABC234"
              required
            />
          </div>
          <div>
            <label htmlFor="join-name" className="mb-1 block text-sm font-medium">
              Your nickname
            </label>
            <input
              id="join-name"
              className="field-input"
              autoComplete="nickname"
              maxLength={40}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus={!!code}
              required
            />
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">1 to 40 characters. No account; your teacher sees this name.</p>
          </div>
          {error && (
            <p role="alert" className="text-sm text-rose-700 dark:text-rose-300" data-testid="join-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Joining…" : "Join"}
          </button>
        </form>
        <p className="mt-4 text-center text-sm">
          <a className="text-indigo-700 underline dark:text-indigo-300" href="/">
            Use the playground without a room
          </a>
        </p>
      </main>
    </div>
  );
}

function errorText(e: ApiError): string {
  const body = e.body as { error?: string } | undefined;
  if (e.status === 404 && body?.error?.startsWith("This rejoin link")) return "This rejoin link does not open any room now. Join with a nickname instead.";
  if (e.status === 404)
    return body?.error === "This room has ended"
      ? "This room has ended. Ask your teacher for the new code."
      : "No room has this code. Check it with your teacher.";
  return body?.error ?? e.message;
}

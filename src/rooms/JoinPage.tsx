// Joining a room (/?join=CODE from the link or QR code, or /?join= to type the code): a nickname, and you are in.
import { useState } from "react";
import { ApiError } from "../server-bridge/http";
import { roomMembership, useRoomMembership } from "../server-bridge/rooms";
import { useTheme } from "../app/theme";

export function JoinPage() {
  const [code, setCode] = useState(() => (new URLSearchParams(location.search).get("join") ?? "").toUpperCase());
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { membership } = useRoomMembership();
  const theme = useTheme();
  const already = membership && membership.code === code.replace(/[\s-]/g, "");

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
          <h1 className="text-lg font-bold">Join a workshop room</h1>
          <button
            type="button"
            className="btn-ghost ml-auto"
            onClick={theme.toggle}
            aria-label={theme.dark ? "Light theme" : "Dark theme"}
            aria-pressed={theme.dark}
          >
            {theme.dark ? "☀" : "☾"}
          </button>
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
  if (e.status === 404)
    return body?.error === "This room has ended"
      ? "This room has ended. Ask your teacher for the new code."
      : "No room has this code. Check it with your teacher.";
  return body?.error ?? e.message;
}

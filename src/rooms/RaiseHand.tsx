// Raise hand: the learner asks the teacher for help, with an optional one-line question; pressed again, it lowers.
import { useRef, useState } from "react";
import { roomMembership } from "../server-bridge/rooms";
import { FormError } from "./FormError";

const TEXT_MAX = 140;

export function RaiseHand({ raised }: { raised: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      dialog.current?.close();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (raised)
    return (
      <button
        type="button"
        className="btn-secondary !px-1.5 !py-0 text-xs"
        onClick={() => void act(() => roomMembership.lowerHand())}
        disabled={busy}
        aria-pressed
      >
        ✋ Hand raised · Lower
      </button>
    );
  return (
    <>
      <button type="button" className="btn-ghost !px-1.5 !py-0 text-xs" onClick={() => dialog.current?.showModal()}>
        ✋ Raise hand
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="raise-hand-title"
        className="panel m-auto w-[min(26rem,92vw)] p-5 text-slate-900 backdrop:bg-slate-900/50 dark:text-slate-100"
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => roomMembership.raiseHand(text.trim()));
          }}
          className="space-y-3"
        >
          <h2 id="raise-hand-title" className="text-lg font-semibold">
            Ask for help
          </h2>
          <label className="block text-sm">
            Your question (optional)
            <input
              className="field-input mt-1"
              maxLength={TEXT_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="My form never shows up"
            />
          </label>
          <p className="text-xs text-slate-500 dark:text-slate-400">The teacher sees your hand in a queue, with what you are working on.</p>
          <FormError error={error} />
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={busy}>
              Raise hand
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

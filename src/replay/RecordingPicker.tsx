// Where a recording comes in: a file picker and a drop zone. Reading the file happens here, in the page; nothing is sent.
import { useRef, useState, type DragEvent } from "react";
import { MAX_RECORDING_BYTES, RECORDING_SUFFIX } from "../../contract/recording-format";
import { readRecording, type ReadResult } from "./read-recording";

export async function readFile(file: File): Promise<ReadResult> {
  // Refused on its size before a byte is read, so a huge file never sits in memory.
  if (file.size > MAX_RECORDING_BYTES) return readRecording("", file.size);
  return readRecording(await file.text(), file.size);
}

export function RecordingPicker({ onRead, compact = false }: { onRead(result: ReadResult): void; compact?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = async (files: FileList | null) => {
    const file = files?.[0];
    if (file) onRead(await readFile(file));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files);
  };
  const picker = (
    <>
      <input
        ref={input}
        type="file"
        accept={`${RECORDING_SUFFIX},application/json`}
        className="sr-only"
        data-testid="recording-file"
        aria-label="Recording file"
        tabIndex={-1}
        onChange={(e) => {
          void take(e.target.files);
          e.target.value = "";
        }}
      />
      <button type="button" className={compact ? "btn-secondary" : "btn-primary"} onClick={() => input.current?.click()}>
        {compact ? "Open another…" : "Choose a recording…"}
      </button>
    </>
  );
  if (compact) return picker;
  return (
    <section
      aria-label="Drop a recording here"
      className={`rounded-lg border-2 border-dashed p-8 text-center ${over ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40" : "border-slate-300 dark:border-slate-600"}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="recording-drop"
    >
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        Drop a <code className="code-inline">{RECORDING_SUFFIX}</code> file here, or
      </p>
      {picker}
      <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">The file is read in this page and shown read-only; nothing is sent anywhere.</p>
    </section>
  );
}

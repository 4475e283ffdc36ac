// Which rule the `misbehaving` client breaks, shown under the client picker when that client is chosen: a round 2 of
// a 2026-07-28 call, or a POST on a 2025-11-25 session (the client then speaks that revision).
import { eraOf, MISBEHAVIOUR_NAMES, MISBEHAVIOURS, type MisbehaviourName } from "../../contract/misbehaviour";

const ERAS = [
  { era: "2026-07-28", label: "2026-07-28: round 2 breaks" },
  { era: "2025-11-25", label: "2025-11-25: the session's wire breaks" },
] as const;

export function BreakPicker({ value, disabled, onChange }: { value: MisbehaviourName; disabled: boolean; onChange(name: MisbehaviourName): void }) {
  return (
    <div className="mt-2 rounded-md border border-amber-300 bg-amber-50/60 p-2 text-sm dark:border-amber-700 dark:bg-amber-950/30">
      <label className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">The client breaks</span>
        <select
          className="field-input w-auto max-w-full !py-0.5 text-sm"
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value as MisbehaviourName)}
          data-testid="break-picker"
        >
          {ERAS.map(({ era, label }) => (
            <optgroup key={era} label={label}>
              {MISBEHAVIOUR_NAMES.filter((name) => eraOf(name) === era).map((name) => (
                <option key={name} value={name}>
                  {MISBEHAVIOURS[name].label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
        {MISBEHAVIOURS[value].does}{" "}
        {eraOf(value) === "2026-07-28"
          ? "Round 1 is sent as a correct client would."
          : "For this rule the client speaks 2025-11-25: the server pushes its question on the call's stream, and the rest is sent as a correct client would."}
      </p>
    </div>
  );
}

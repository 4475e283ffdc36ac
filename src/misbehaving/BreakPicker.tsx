// Which rule the `misbehaving` client breaks in round 2, shown under the client picker when that client is chosen.
import { MISBEHAVIOUR_NAMES, MISBEHAVIOURS, type MisbehaviourName } from "../../contract/misbehaviour";

export function BreakPicker({ value, disabled, onChange }: { value: MisbehaviourName; disabled: boolean; onChange(name: MisbehaviourName): void }) {
  return (
    <div className="mt-2 rounded-md border border-amber-300 bg-amber-50/60 p-2 text-sm dark:border-amber-700 dark:bg-amber-950/30">
      <label className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Round 2 breaks</span>
        <select
          className="field-input w-auto max-w-full !py-0.5 text-sm"
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value as MisbehaviourName)}
          data-testid="break-picker"
        >
          {MISBEHAVIOUR_NAMES.map((name) => (
            <option key={name} value={name}>
              {MISBEHAVIOURS[name].label}
            </option>
          ))}
        </select>
      </label>
      <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">{MISBEHAVIOURS[value].does} Round 1 is sent as a correct client would.</p>
    </div>
  );
}

// A room's exports as spreadsheets read them (RFC 4180), with cells that start like a formula defused: export.csv
// (one row per learner and item) and export-checks.csv (one row per learner, item and check of the server's runs).
import { itemState, ITEM_STATE_LABELS } from "../../contract/verdicts";
import type { Rooms } from "./rooms";

type Cell = string | number | boolean | Date | null | undefined;

function cell(value: Cell): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  // A nickname such as "=HYPERLINK(...)" must stay text when the teacher opens the file in a spreadsheet.
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function toCsv(header: string[], rows: Cell[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

export async function itemsCsv(rooms: Rooms, code: string): Promise<string> {
  const rows = await rooms.store.exportItems(code);
  return toCsv(
    ["nickname", "lesson or challenge", "state", "passes now", "first passed at (passed at least once)", "opened at", "tried at", "runs"],
    rows.map((r) => {
      const state = itemState({
        opened: r.opened_at !== null,
        tried: r.tried_at !== null,
        passesNow: r.passes_now,
        firstPassedAt: r.first_passed_at?.toISOString(),
      });
      return [r.name, r.item, ITEM_STATE_LABELS[state], r.passes_now, r.first_passed_at, r.opened_at, r.tried_at, r.attempts];
    }),
  );
}

export async function checksCsv(rooms: Rooms, code: string): Promise<string> {
  const rows = await rooms.store.exportChecks(code);
  return toCsv(
    ["nickname", "lesson or challenge", "check", "passes now", "first passed at (passed at least once)", "runs"],
    rows.map((r) => [r.name, r.item, r.check_name, r.passes_now, r.first_passed_at, r.attempts]),
  );
}

// Tab and Shift+Tab stay inside an open modal dialog: the browser makes the page behind it inert, but past the last
// control it would let focus out to the browser's own toolbar. Closing the dialog gives focus back to where it was
// (the browser does that for <dialog>). Installed once for every page.
const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"])';

function visibleFocusables(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

export function keepFocusInDialogs() {
  addEventListener("keydown", (e) => {
    if (e.key !== "Tab" || e.defaultPrevented) return;
    const dialog = document.querySelector<HTMLDialogElement>("dialog:modal");
    if (!dialog) return;
    const stops = visibleFocusables(dialog);
    if (!stops.length) return;
    const first = stops[0];
    const last = stops[stops.length - 1];
    const at = document.activeElement;
    const leaving = e.shiftKey ? at === first || !dialog.contains(at) : at === last || !dialog.contains(at);
    if (!leaving) return;
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  });
}

// The editor's own keyboard keys, and where focus goes when the learner leaves the editor by them.

/** The keys that leave the editor (Tab inside it indents). Ctrl+M is Ctrl on every platform, macOS included. */
export const LEAVE_KEYS = "Esc or Ctrl+M";
/** The playground's binding for Monaco's screen reader optimised mode (the same keys as in VS Code). */
export const SCREEN_READER_KEY = "Shift+Alt+F1";
/** The status bar's visible line saying how to enter and leave the editor; the editor's stop and text area point at it. */
export const EDITOR_KEYS_HINT_ID = "editor-keys-hint";

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The first control after `from` in Tab order that is shown (outside `from`), or undefined at the page's end. */
export function nextControlAfter(from: Element): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(TABBABLE)].find(
    (el) =>
      !from.contains(el) &&
      from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING &&
      el.tabIndex >= 0 &&
      !el.closest("[inert], [aria-hidden=true]") &&
      el.getClientRects().length > 0,
  );
}

// The addresses a room lives at: the learners' join link, the teacher's link (its key in the fragment, which the
// browser never sends to a server or in a Referer), and the projector view.
const TEACHER_KEYS = "elicitation-playground:teacher-keys";

export const joinLink = (code: string) => `${location.origin}/?join=${code}`;
export const teacherLink = (code: string, key: string) => `${location.origin}/?room=${code}#teacher=${key}`;

/** The room and teacher key this page was opened with; the key is remembered so a reload without the fragment works. */
export function teacherFromUrl(): { code: string; key?: string } | undefined {
  const code = new URLSearchParams(location.search).get("room")?.toUpperCase();
  if (!code) return undefined;
  const fromHash = new URLSearchParams(location.hash.slice(1)).get("teacher") ?? undefined;
  const saved = readKeys();
  if (fromHash) {
    saved[code] = fromHash;
    try {
      localStorage.setItem(TEACHER_KEYS, JSON.stringify(saved));
    } catch {
      /* the link still works */
    }
  }
  return { code, key: fromHash ?? saved[code] };
}

function readKeys(): Record<string, string> {
  try {
    const raw = JSON.parse(localStorage.getItem(TEACHER_KEYS) ?? "{}");
    return raw && typeof raw === "object" ? raw : {};
  } catch {
    return {};
  }
}

export function openTeacherPage(code: string, key: string): void {
  location.assign(teacherLink(code, key));
}

// The addresses a room lives at: the learners' join link (on the address the teacher picked as reachable), a learner's
// personal rejoin link, the teacher's link and the projector's (their keys in the fragment, which the browser never
// sends to a server or in a Referer).
const TEACHER_KEYS = "elicitation-playground:teacher-keys";
const PROJECTOR_KEYS = "elicitation-playground:projector-keys";
const JOIN_ORIGIN = "elicitation-playground:join-origin";

/** The origin learners type: the one the teacher picked (or PUBLIC_URL), else this page's own. */
export function joinOrigin(): string {
  try {
    return localStorage.getItem(JOIN_ORIGIN) ?? location.origin;
  } catch {
    return location.origin;
  }
}

export function pickJoinOrigin(origin: string): void {
  try {
    localStorage.setItem(JOIN_ORIGIN, origin);
  } catch {
    /* the choice lasts for this page only */
  }
}

export const isLoopbackHost = (host: string) => host === "localhost" || host === "[::1]" || /^127\./.test(host);

export const joinLink = (code: string, origin = joinOrigin()) => `${origin}/?join=${code}`;
/** What the projector shows as text: short enough to type from the back of the room. */
export const shortJoinLink = (code: string, origin = joinOrigin()) => joinLink(code, origin).replace(/^https?:\/\//, "");
export const rejoinLink = (code: string, token: string, origin = joinOrigin()) => `${origin}/?join=${code}#rejoin=${token}`;
export const teacherLink = (code: string, key: string) => `${location.origin}/?room=${code}#teacher=${key}`;
export const projectorLink = (code: string, key: string) => `${location.origin}/?projector=${code}#key=${key}`;

/** The room and keys this page was opened with; the keys are remembered so a reload without the fragment works. */
export function teacherFromUrl(): { code: string; key?: string; projectorKey?: string } | undefined {
  const code = new URLSearchParams(location.search).get("room")?.toUpperCase();
  if (!code) return undefined;
  const hash = new URLSearchParams(location.hash.slice(1));
  return { code, key: remembered(TEACHER_KEYS, code, hash.get("teacher")), projectorKey: remembered(PROJECTOR_KEYS, code, hash.get("projector")) };
}

/** The projector page's room and key (?projector=CODE#key=KEY). */
export function projectorFromUrl(): { code: string; key?: string } | undefined {
  const code = new URLSearchParams(location.search).get("projector")?.toUpperCase();
  if (!code) return undefined;
  return { code, key: remembered(PROJECTOR_KEYS, code, new URLSearchParams(location.hash.slice(1)).get("key")) };
}

function remembered(store: string, code: string, fromHash: string | null): string | undefined {
  const saved = readKeys(store);
  if (fromHash) {
    saved[code] = fromHash;
    try {
      localStorage.setItem(store, JSON.stringify(saved));
    } catch {
      /* the link still works */
    }
  }
  return fromHash ?? saved[code];
}

function readKeys(store: string): Record<string, string> {
  try {
    const raw = JSON.parse(localStorage.getItem(store) ?? "{}");
    return raw && typeof raw === "object" ? raw : {};
  } catch {
    return {};
  }
}

export function openTeacherPage(code: string, key: string, projectorKey: string): void {
  location.assign(`${teacherLink(code, key)}&projector=${projectorKey}`);
}

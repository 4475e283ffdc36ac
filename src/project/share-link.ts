// Share links carry the whole project in the URL hash: JSON, deflated with CompressionStream,
// base64url-encoded. Nothing is stored on a server, so a link works as long as the URL does.
import type { ProjectFiles } from "../server-bridge/http";
import { isProjectFiles } from "./drafts";

const HASH_KEY = "project=";
const VERSION = 1;

export interface SharedProject {
  lessonId: string;
  files: ProjectFiles;
}

function toBase64Url(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

async function encodeShareHash(project: SharedProject): Promise<string> {
  const json = JSON.stringify({ v: VERSION, lesson: project.lessonId, files: project.files });
  const packed = await pipe(new TextEncoder().encode(json), new CompressionStream("deflate-raw"));
  return `#${HASH_KEY}${toBase64Url(packed)}`;
}

/** Reads a project from a location hash; anything malformed is treated as "no shared project". */
export async function decodeShareHash(hash: string): Promise<SharedProject | undefined> {
  const at = hash.indexOf(HASH_KEY);
  if (at < 0) return undefined;
  try {
    const bytes = await pipe(fromBase64Url(hash.slice(at + HASH_KEY.length)), new DecompressionStream("deflate-raw"));
    const data = JSON.parse(new TextDecoder().decode(bytes)) as { v?: unknown; lesson?: unknown; files?: unknown };
    if (data.v !== VERSION || typeof data.lesson !== "string" || !isProjectFiles(data.files)) return undefined;
    return { lessonId: data.lesson, files: data.files };
  } catch {
    return undefined;
  }
}

/** Writes the hash without adding a history entry: sharing must not break the Back button. */
export async function writeShareHash(project: SharedProject): Promise<string> {
  const hash = await encodeShareHash(project);
  const url = new URL(location.href);
  url.hash = hash;
  history.replaceState(history.state, "", url);
  return url.toString();
}

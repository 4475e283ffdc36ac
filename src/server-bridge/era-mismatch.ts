// What a pinned 2026-07-28 persona's failed connect means, in plain words: the server (SDK 1.x, say) does not speak it.
import { SdkError, SdkErrorCode } from "@modelcontextprotocol/client";

export const ERA_MISMATCH_TEXT =
  'This server does not speak protocol 2026-07-28. Its answer to the client\'s first request, server/discover, was an error ("Method not found" from a server on SDK 1.x), so a client pinned to 2026-07-28 stops here, as this persona does. A client that falls back, such as the official SDK client in "auto" mode, starts a 2025-11-25 session instead: pick a 2025-11-25 persona to see that.';

/** The plain-words error for a connect that failed because the server offered no 2026-07-28; undefined otherwise. */
export function eraMismatch(error: unknown): Error | undefined {
  if (!(error instanceof SdkError) || error.code !== SdkErrorCode.EraNegotiationFailed) return undefined;
  return new Error(ERA_MISMATCH_TEXT, { cause: error });
}

// What the client of one request can be asked: from the 2026-07-28 envelope, or from a 2025 session's initialize.
import type { ClientCapabilities, ServerContext } from "@modelcontextprotocol/server";
import type { ClientAbilities } from "../project/project-vm";

const CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";

export function abilitiesOf(capabilities: ClientCapabilities | undefined): ClientAbilities {
  const elicitation = capabilities?.elicitation as { form?: unknown; url?: unknown } | undefined;
  if (!elicitation) return { form: false, url: false };
  // `elicitation: {}` means form support, as the spec says.
  const form = elicitation.form !== undefined || elicitation.url === undefined;
  return { form, url: elicitation.url !== undefined };
}

export function modernAbilities(ctx: ServerContext): ClientAbilities {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return abilitiesOf(envelope?.[CAPABILITIES_KEY] as ClientCapabilities | undefined);
}

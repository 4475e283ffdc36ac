// zod → the JSON Schema that goes on the wire, for tool inputs and for forms alike: the input view (a field
// with a default is not required), without the ±(2^53−1) bounds zod gives every z.int(). Nobody wrote those
// bounds, a form would show them as limits, and JSON numbers already stop at the safe range.
import { z } from "zod";

export function wireJsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, {
    io: "input",
    override: ({ jsonSchema }) => {
      if (jsonSchema.type !== "integer") return;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  }) as Record<string, unknown>;
}

const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = new Set(["string", "integer", "boolean"]);

/**
 * A tool's `x-mcp-header` fields (SEP-2243: the client copies the argument into an `Mcp-Param-<Name>` header, and
 * the server checks the two agree). A declaration clients would reject makes them drop the whole tool without a
 * word, so it is refused at load, naming the field and the rule.
 */
export function checkHeaderFields(tool: string, inputSchema: Record<string, unknown>): void {
  const seen = new Map<string, string>();
  let reachable = 0;
  const visit = (node: Record<string, unknown>, path: string[]) => {
    const name = node["x-mcp-header"];
    if (name !== undefined) {
      reachable++;
      const field = path.join(".");
      const refuse = (rule: string) => {
        throw new Error(`Tool "${tool}", field "${field}": x-mcp-header ${rule}. Clients leave out a tool whose x-mcp-header they cannot use.`);
      };
      if (typeof name !== "string" || !HEADER_TOKEN.test(name))
        refuse(`must be a header name such as "Region" (no spaces, colons or brackets), got ${JSON.stringify(name)}`);
      if (!HEADER_TYPES.has(node.type as string))
        refuse(
          `is allowed on string, integer and boolean fields only, this one is ${typeof node.type === "string" ? node.type : "not of one type (a union such as .nullable())"}`,
        );
      const other = seen.get((name as string).toLowerCase());
      if (other) refuse(`"${name}" is already used by field "${other}" (header names ignore case)`);
      seen.set((name as string).toLowerCase(), field);
    }
    const properties = node.properties as Record<string, Record<string, unknown>> | undefined;
    if (properties && typeof properties === "object") for (const [key, child] of Object.entries(properties)) visit(child, [...path, key]);
  };
  visit(inputSchema, []);
  // Anything not reached through plain properties sits in an array, a union (.nullable()) or a record.
  const total = JSON.stringify(inputSchema).split('"x-mcp-header"').length - 1;
  if (total > reachable)
    throw new Error(
      `Tool "${tool}": x-mcp-header is allowed only on a plain field of the input (not inside an array, a record or a union such as .nullable()). Clients leave out a tool whose x-mcp-header they cannot use.`,
    );
}

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

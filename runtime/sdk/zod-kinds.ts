// zod 4 gives a schema class its methods the first time an instance of it is made (it installs them on the class's
// prototype then), and every VM starts from the worker's snapshot of the evaluated runtime (or a load image made from
// it). So each VM paid that again for the first field of each kind its forms used: in a VM fresh from its snapshot, a
// first `z.object({ confirm: z.boolean().describe(…) })` took several times as long as the same form after. Made once
// while the runtime is evaluated, those methods are in the snapshot instead. But each class's methods take tens of KB
// there (a getter and a setter per method), which every VM then copies in, so only the boolean is
// made: the field most forms ask with, and one tool inputs seldom make at load (strings and objects they always do).
// Nothing made here stays reachable, and none of it has an id, so the global registry keeps nothing.
import { z } from "zod";
import { zodSchemaKey } from "./zod-schema-key";

/** Makes one form with a boolean field, and its cache key (which keeps a text per schema class it meets). */
export function makeFormFieldKinds(): void {
  zodSchemaKey(z.object({ confirm: z.boolean().describe("a box") }));
}

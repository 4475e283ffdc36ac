// The full form (rjsf and ajv), loaded only when a schema needs more than the light form draws.
import { useEffect, useState } from "react";

type FullForm = typeof import("./SchemaForm").default;
let loaded: FullForm | undefined;

export const loadFullForm = (): Promise<FullForm> => import("./SchemaForm").then((m) => (loaded = m.default));

/** The full form's component once its chunk is here; starts loading it when `needed`. */
export function useFullForm(needed: boolean): FullForm | undefined {
  const [form, setForm] = useState(() => loaded);
  useEffect(() => {
    if (needed && !form) void loadFullForm().then((f) => setForm(() => f));
  }, [needed, form]);
  return form;
}

// `node --import ./scripts/register-ts.mjs server/main.ts`
import { register } from "node:module";

register("./ts-loader.mjs", import.meta.url);

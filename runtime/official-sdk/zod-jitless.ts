// zod compiles a fast parser for each object schema on its first parse (`new Function` over generated code), which
// pays under a JIT. Here every connection is a fresh instance restored from its server's started image, where the
// learner's schemas were built but never parsed, so each connection compiled each object schema it parsed again:
// about 0.6 ms in QuickJS for a five-field form, against 0.1 ms for the same first parse jitless; later parses cost
// the same either way (0.02 to 0.05 ms). zod's own switch for environments without `new Function`, set before the
// SDK's modules build their schemas; a learner's `z.config()` can still change it, as in any process.
import { z } from "zod";

z.config({ jitless: true });

// The forms an official-SDK step reports it compiled, for the worker to compile ahead in its build's next started
// image (runtime/official-sdk/ajv-compile-cache.ts reports them, server/sandbox/worker.ts keeps them). The worker
// checks them again against the same limits: what a VM reports is the learner's to forge.

/** Forms reported per step, and kept per build. */
export const MAX_FORMS_REPORTED = 8;
/** The largest form reported: a server asking huge forms warms none of them. */
export const MAX_FORM_CHARS = 16_384;

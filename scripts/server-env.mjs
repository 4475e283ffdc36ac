// The environment the server process starts with, wherever it is started as in production (npm start, the tests
// and scripts that run server/main.ts). glibc raises its mmap threshold each time a large block is freed, so later
// large blocks (request bodies, results, project files) come from its heap, which it does not give back, and the
// server stays large after every session has closed. A fixed threshold keeps such blocks mapped
// on their own, returned to the system the moment they are freed (the Dockerfile sets the same).
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: String(128 * 1024) };

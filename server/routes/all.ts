// The routes that need more than sessions and lessons (tests, challenge checks) are added here.
import type { RouteFactory } from "../app";

export const playgroundRoutes: RouteFactory[] = [];

// @App and @FrontMcp: how a project with its own server.ts groups tools and configures the server.

export type AppOptions = { id?: string; name?: string; tools?: unknown[] };
export type FrontMcpOptions = {
  info?: { name?: string; version?: string };
  apps?: unknown[];
  tools?: unknown[];
  elicitation?: { enabled?: boolean };
};

const appOptions = new WeakMap<object, AppOptions>();
const serverOptions = new WeakMap<object, FrontMcpOptions>();

export function App(options: AppOptions) {
  return function (target: unknown): void {
    if (typeof target !== "function") throw new TypeError("@App can only decorate a class");
    appOptions.set(target, options ?? {});
  };
}

export function FrontMcp(options: FrontMcpOptions) {
  return function (target: unknown): void {
    if (typeof target !== "function") throw new TypeError("@FrontMcp can only decorate a class");
    serverOptions.set(target, options ?? {});
  };
}

export function getAppOptions(cls: unknown): AppOptions | undefined {
  return typeof cls === "function" ? appOptions.get(cls) : undefined;
}

export function getServerOptions(cls: unknown): FrontMcpOptions | undefined {
  return typeof cls === "function" ? serverOptions.get(cls) : undefined;
}

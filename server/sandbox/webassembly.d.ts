// Node has the WebAssembly global, but @types/node 20 declares only its types: the value is in lib.dom, which the
// server must not load. Declared here is the part the sandbox pool uses.
declare var WebAssembly: {
  compile(bytes: ArrayBufferView | ArrayBuffer): Promise<WebAssembly.Module>;
  RuntimeError: new (message?: string) => Error;
};

/// <reference types="vite/client" />

/** The official SDKs' declaration files for the editor (scripts/editor-declarations.ts). */
declare module "virtual:editor-declarations/*" {
  export type DeclarationPack = { files: Record<string, string>; paths: Record<string, string[]> };
  export const files: DeclarationPack["files"];
  export const paths: DeclarationPack["paths"];
}

// Lets the Tests tab and the problems list move the editor to a file and line, even before
// Monaco has loaded (the jump waits until it has).
import { projectStore } from "../project/project-store";

export interface JumpTarget {
  file: string;
  line: number;
  column: number;
}

let handler: ((t: JumpTarget) => void) | undefined;
let pending: JumpTarget | undefined;

export const editorJumps = {
  jump(file: string, line: number, column = 1) {
    projectStore.setActiveFile(file);
    const target = { file, line, column };
    if (handler) handler(target);
    else pending = target;
  },
  register(h: (t: JumpTarget) => void) {
    handler = h;
    if (pending) {
      h(pending);
      pending = undefined;
    }
    return () => {
      if (handler === h) handler = undefined;
    };
  },
};

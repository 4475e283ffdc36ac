// A challenge's reference solution, file by file, to read beside one's own code.
import { ScrollablePre } from "../../ui/Scrollable";

export function SolutionFiles({ files }: { files: Record<string, string> }) {
  return Object.entries(files).map(([file, source]) => (
    <div key={file} className="mt-2">
      <p className="font-mono text-xs font-semibold">{file}</p>
      <ScrollablePre className="max-h-72 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800">{source}</ScrollablePre>
    </div>
  ));
}

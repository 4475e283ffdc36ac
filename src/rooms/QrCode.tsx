// A QR code as one SVG path, drawn from qrcode-generator's module matrix (no markup strings, no canvas).
import qrcode from "qrcode-generator";
import { useMemo } from "react";

export function QrCode({ text, size = 192, label }: { text: string; size?: number; label: string }) {
  const { path, count } = useMemo(() => {
    const qr = qrcode(0, "M");
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    let d = "";
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
    return { path: d, count: n + 8 };
  }, [text]);
  // Always dark on white, in both themes: phone cameras read it that way.
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${count} ${count}`} shapeRendering="crispEdges" className="rounded bg-white">
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}

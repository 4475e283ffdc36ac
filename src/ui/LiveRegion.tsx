// The page's polite live region, mounted once for every page (playground, join page, teacher board): see announcer.ts.
import { useAnnouncement } from "./announcer";

export function LiveRegion() {
  return (
    <div role="status" aria-live="polite" className="sr-only" data-testid="announcement">
      {useAnnouncement()}
    </div>
  );
}

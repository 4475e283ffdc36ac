// The light/dark switch of the room pages (teacher, projector, join), with or without its word.
import { useTheme } from "../app/theme";

export function ThemeButton({ word = false, className = "btn-ghost" }: { word?: boolean; className?: string }) {
  const theme = useTheme();
  return (
    <button type="button" className={className} onClick={theme.toggle} aria-label={theme.dark ? "Light theme" : "Dark theme"} aria-pressed={theme.dark}>
      {theme.dark ? "☀" : "☾"}
      {word && (theme.dark ? " Light" : " Dark")}
    </button>
  );
}

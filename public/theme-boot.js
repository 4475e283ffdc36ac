// Sets the theme before first paint so a dark-mode room never sees a white flash. A file, not an inline script:
// the page's Content-Security-Policy allows no inline script.
try {
  const t = localStorage.getItem("elicitation-playground:theme");
  if (t === "dark" || (!t && matchMedia("(prefers-color-scheme: dark)").matches)) document.documentElement.classList.add("dark");
} catch {
  // No storage (private mode, blocked cookies): the light theme it is.
}

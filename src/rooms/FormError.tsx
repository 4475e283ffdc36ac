// A room dialog's error line: what the server or the browser said went wrong, announced to screen readers.
export function FormError({ error, className = "text-sm" }: { error?: string; className?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={`${className} text-rose-700 dark:text-rose-300`}>
      {error}
    </p>
  );
}

// Headers every answer carries, and the page's Content-Security-Policy (framing allowed only for EMBED_ORIGINS).

const POLICY = [
  "default-src 'self'",
  // No inline script. 'unsafe-eval' because the form's validator (ajv, through @rjsf/validator-ajv8) compiles each
  // requested schema into a function; there is no eval-free build of it.
  "script-src 'self' 'unsafe-eval'",
  // Monaco and React set inline style attributes; no inline script is allowed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // Monaco's editor and TypeScript workers are our own module scripts.
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

export function securityHeaders(embedOrigins: string[]): Record<string, string> {
  const framing = embedOrigins.length ? `frame-ancestors 'self' ${embedOrigins.join(" ")}` : "frame-ancestors 'none'";
  return {
    "content-security-policy": [...POLICY, framing].join("; "),
    ...(embedOrigins.length === 0 && { "x-frame-options": "DENY" }),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  };
}

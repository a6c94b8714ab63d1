/**
 * The one Content-Security-Policy: no remote origin anywhere. Sent whole as a
 * response header by the HTTP bridge (browser mode) and the desktop's app://
 * scheme; never a <meta> tag, which ignores frame-ancestors.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

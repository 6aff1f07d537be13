/**
 * Headers on every HTTP answer of the game port (the PWA, /healthz, errors). The policy allows what the PWA
 * does and nothing else: its own scripts only (no inline script, no eval), its inline styles (the palette in
 * index.html and Lit's style bindings), images and sounds from itself or made in the page, the game socket
 * on the host it was loaded from, and no framing by any page (clickjacking a vote or a judge's action).
 */
export function securityHeaders(host: string | undefined): Record<string, string> {
  // Only a plain host[:port] goes into the policy: the header is the client's to write.
  const socket = host !== undefined && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? ` ws://${host} wss://${host}` : '';
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    `connect-src 'self'${socket}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': policy,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    // For browsers that predate frame-ancestors.
    'x-frame-options': 'DENY',
    // Camera and microphone for the video table; nothing else the PWA uses is granted.
    'permissions-policy': 'camera=(self), microphone=(self), geolocation=(), payment=(), usb=()',
  };
}

/** The bytes of a base64url key, as `pushManager.subscribe` takes its `applicationServerKey`. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/**
 * Whether a subscription made with `subscribedWith` (its `options.applicationServerKey`) is under the
 * server's current key. When the server's keys were rotated it is not, and the phone subscribes again under
 * the new key, so that the old pair can be retired.
 */
export function madeUnderKey(subscribedWith: ArrayBuffer | null | undefined, serverKey: string): boolean {
  if (!subscribedWith) return false;
  const had = new Uint8Array(subscribedWith);
  const wanted = keyBytes(serverKey);
  return had.length === wanted.length && had.every((byte, i) => byte === wanted[i]);
}

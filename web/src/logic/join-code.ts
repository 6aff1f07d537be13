/** Room codes as the server accepts them: 4 to 8 letters and digits, case-insensitive. */
const CODE = /^[A-Z0-9]{4,8}$/;

export function normalizeCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return CODE.test(code) ? code : null;
}

/** The link a host shares (and shows as a QR code): opens the app with the join form filled in. */
export function joinLink(origin: string, pathname: string, code: string): string {
  return `${origin}${pathname}#/join/${encodeURIComponent(code)}`;
}

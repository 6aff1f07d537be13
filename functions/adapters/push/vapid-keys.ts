import { readFileSync } from 'node:fs';

/** One VAPID key pair (base64url), as `web-push generate-vapid-keys` prints it. */
export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID identity of this deployment: the pair phones subscribe with now, a contact (`mailto:` or https
 * URL), and the pairs retired by earlier rotations, the most recently retired first. A retired pair still
 * signs the pushes to the subscriptions made under it, until its phones subscribed again under the current
 * pair or their subscriptions lapsed.
 */
export interface VapidKeys extends VapidKeyPair {
  subject: string;
  previous?: VapidKeyPair[];
}

/** The pair and contact one push is signed with. */
export type VapidSigner = VapidKeyPair & { subject: string };

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * VAPID keys checked here, so that a key pasted wrong is a clear error where it is configured rather than a
 * refused push hours later: each public key an uncompressed P-256 point (65 bytes, 0x04 first), each private
 * key 32 bytes, both base64url; the subject a `mailto:` or https URL (RFC 8292); no public key twice.
 */
function checkedVapid(keys: VapidKeys): VapidKeys {
  checkedPair(keys, '');
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(keys.subject))
    throw new Error(`the VAPID subject ${JSON.stringify(keys.subject)} is not a mailto: or https: URL`);
  const previous = keys.previous ?? [];
  previous.forEach((pair, i) => {
    checkedPair(pair, `previous[${i}]: `);
  });
  const seen = new Set<string>();
  for (const { publicKey } of [keys, ...previous]) {
    if (seen.has(publicKey)) throw new Error(`the VAPID public key ${publicKey} is listed twice`);
    seen.add(publicKey);
  }
  return keys;
}

function checkedPair(pair: VapidKeyPair, where: string): void {
  const point = Buffer.from(pair.publicKey, 'base64url');
  if (!BASE64URL.test(pair.publicKey) || point.length !== 65 || point[0] !== 4)
    throw new Error(`${where}the VAPID public key is not a base64url uncompressed P-256 point (65 bytes)`);
  if (!BASE64URL.test(pair.privateKey) || Buffer.from(pair.privateKey, 'base64url').length !== 32)
    throw new Error(`${where}the VAPID private key is not 32 bytes of base64url`);
}

/**
 * Keys from their JSON form, the one the Secrets Manager secret and the local key file hold:
 * `{"publicKey", "privateKey", "subject", "previous": [{"publicKey", "privateKey"}, …]}`, `previous`
 * optional (a secret from before rotation has none). Anything else is an error naming `where` and the part.
 */
export function vapidFromJson(value: unknown, where: string): VapidKeys {
  try {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error('not a JSON object');
    const { publicKey, privateKey, subject, previous } = value as Record<string, unknown>;
    if (typeof publicKey !== 'string' || typeof privateKey !== 'string')
      throw new Error('"publicKey" and "privateKey" must be strings');
    if (previous !== undefined && !Array.isArray(previous))
      throw new Error('"previous" must be a list of {"publicKey", "privateKey"}');
    return checkedVapid({
      publicKey,
      privateKey,
      subject: typeof subject === 'string' ? subject : '',
      ...(previous === undefined ? {} : { previous: previous.map(pairIn) }),
    });
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
}

function pairIn(value: unknown, i: number): VapidKeyPair {
  const pair = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof pair.publicKey !== 'string' || typeof pair.privateKey !== 'string')
    throw new Error(`previous[${i}] must be {"publicKey", "privateKey"} strings`);
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/**
 * The pair that signs the pushes to a subscription made under `serverKey`: the current pair or a kept
 * previous one; null when that key is no longer kept (its pushes would only be refused).
 *
 * A subscription saved before subscriptions recorded their key (`serverKey` null) was made under the single
 * pair the deployment had then. Until the first rotation that is the current pair; the first rotation moves
 * it to the end of `previous`, where later rotations leave it (they put newer pairs in front), so it is the
 * oldest pair kept. Such subscriptions lapse 14 days after the version that records keys went out, before
 * that pair may be removed.
 */
export function signerFor(keys: VapidKeys, serverKey: string | null): VapidSigner | null {
  const previous = keys.previous ?? [];
  const pair =
    serverKey === null
      ? (previous.at(-1) ?? keys)
      : [keys, ...previous].find((kept) => kept.publicKey === serverKey);
  return pair ? { publicKey: pair.publicKey, privateKey: pair.privateKey, subject: keys.subject } : null;
}

/**
 * The keys of `npm start`: from the JSON file VAPID_KEYS_FILE names (the secret's shape, so it can keep
 * previous pairs), or the current pair alone from VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT;
 * null when neither is set (no push).
 */
export function vapidFromEnv(env: NodeJS.ProcessEnv): VapidKeys | null {
  const { VAPID_KEYS_FILE, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = env;
  if (VAPID_KEYS_FILE) {
    if (VAPID_PUBLIC_KEY || VAPID_PRIVATE_KEY)
      throw new Error('set VAPID_KEYS_FILE or VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, not both');
    return vapidFromFile(VAPID_KEYS_FILE);
  }
  if (!VAPID_PUBLIC_KEY || !VAPID_PRIVATE_KEY) return null;
  return checkedVapid({
    publicKey: VAPID_PUBLIC_KEY,
    privateKey: VAPID_PRIVATE_KEY,
    subject: VAPID_SUBJECT ?? 'mailto:admin@localhost',
  });
}

function vapidFromFile(path: string): VapidKeys {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`the VAPID key file ${path} cannot be read as JSON: ${(error as Error).message}`);
  }
  return vapidFromJson(value, `the VAPID key file ${path}`);
}

import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Why a push endpoint may not be posted to, or null when it may. */
export type EndpointCheck = (endpoint: string) => Promise<string | null>;

/** Every address a name resolves to (A and AAAA). */
export type Resolve = (host: string) => Promise<string[]>;

const resolveAll: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Addresses a push never goes to: this machine, the private networks, link-local (the cloud metadata
 * service at 169.254.169.254 among them), unique-local IPv6 (fd00:ec2::254 too), carrier-grade NAT,
 * benchmarking, multicast and reserved space. A subscription is the player's to write: without this the
 * server would POST wherever he points it, from inside the deployment's network.
 */
const closed = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  closed.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fe80::', 10],
  ['fc00::', 7],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  closed.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::`, 6to4 `2002::`), if any. */
function embeddedV4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1] ?? null;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  const pair = hex ?? sixToFour;
  if (!pair) return null;
  const [hi, lo] = [Number.parseInt(pair[1] ?? '0', 16), Number.parseInt(pair[2] ?? '0', 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether an address is one of those a push never goes to. */
export function isClosedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return closed.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedV4(address);
  return closed.check(address, 'ipv6') || (v4 !== null && closed.check(v4, 'ipv4'));
}

export interface PushEndpointOptions {
  /** How names are resolved (the system resolver unless a test brings its own). */
  resolve?: Resolve;
  /**
   * The push services' hosts allowed (a host, or `.suffix` for its subdomains), e.g. `fcm.googleapis.com`,
   * `.push.services.mozilla.com`, `.notify.windows.com`, `.push.apple.com`; empty: any public host.
   */
  allowHosts?: readonly string[];
}

const allowed = (host: string, allowHosts: readonly string[]) =>
  allowHosts.length === 0 ||
  allowHosts.some((entry) => (entry.startsWith('.') ? host.endsWith(entry) : host === entry));

/**
 * The endpoints a push may go to: https, on a public address — the name is resolved and every address it
 * gives checked, at subscription and again before each push (a name may resolve elsewhere later).
 */
export function publicPushEndpoints(options: PushEndpointOptions = {}): EndpointCheck {
  const resolve = options.resolve ?? resolveAll;
  const allowHosts = (options.allowHosts ?? []).map((h) => h.toLowerCase());
  return async (endpoint) => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return 'the endpoint is not a URL';
    }
    if (url.protocol !== 'https:') return 'a push endpoint must be https';
    if (url.username || url.password) return 'a push endpoint carries no credentials';
    const host = url.hostname
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/\.$/, '');
    if (!allowed(host, allowHosts)) return `${host} is not a push service this server posts to`;
    if (host === 'localhost' || host.endsWith('.localhost')) return 'a push endpoint may not be this machine';
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await resolve(host);
    } catch {
      return `${host} does not resolve`;
    }
    if (addresses.length === 0) return `${host} does not resolve`;
    if (addresses.some(isClosedAddress)) return `${host} is a private, loopback or link-local address`;
    return null;
  };
}

/** The allow-list in `PUSH_HOSTS` (comma-separated), empty when unset. */
export const pushHostsFromEnv = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h.length > 0);

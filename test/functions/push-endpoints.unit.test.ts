import { describe, expect, it } from 'vitest';
import { isClosedAddress, publicPushEndpoints } from '../../functions/adapters/push/push-endpoints.js';

describe('which push endpoints the server posts to', () => {
  it('given addresses inside the network, when checked, then each is closed and public ones are open', () => {
    for (const closed of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.9',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
    ])
      expect(isClosedAddress(closed), closed).toBe(true);
    for (const open of ['142.250.74.10', '2a00:1450:4001::200e', '8.8.8.8'])
      expect(isClosedAddress(open), open).toBe(false);
  });

  it('given a name that resolves to a private address (DNS rebinding), when checked, then it is refused; resolving publicly it is taken', async () => {
    let answer = ['93.184.216.34'];
    const check = publicPushEndpoints({ resolve: async () => answer });
    expect(await check('https://push.example/a')).toBeNull();
    answer = ['93.184.216.34', '127.0.0.1'];
    expect(await check('https://push.example/a')).toMatch(/private, loopback or link-local/);
    answer = [];
    expect(await check('https://push.example/a')).toMatch(/does not resolve/);
  });

  it('given an allow-list of push services, when an endpoint names another host, then it is refused without being resolved', async () => {
    const resolved: string[] = [];
    const check = publicPushEndpoints({
      allowHosts: ['fcm.googleapis.com', '.push.services.mozilla.com'],
      resolve: async (host) => {
        resolved.push(host);
        return ['142.250.74.10'];
      },
    });
    expect(await check('https://fcm.googleapis.com/fcm/send/x')).toBeNull();
    expect(await check('https://updates.push.services.mozilla.com/wpush/v2/x')).toBeNull();
    expect(await check('https://evil.example/x')).toMatch(/not a push service/);
    expect(await check('http://fcm.googleapis.com/x')).toMatch(/must be https/);
    expect(resolved).toEqual(['fcm.googleapis.com', 'updates.push.services.mozilla.com']);
  });
});

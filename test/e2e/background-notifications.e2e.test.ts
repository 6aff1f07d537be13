import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { type RunningServer, startServer } from '../../functions/local/server.js';
import { LocalTable } from '../support/local-table.js';
import { PushEndpoint } from '../support/push-endpoint.js';
import { launchProfile } from './support/browser.js';
import { Phone } from './support/phone.js';
import { ensureWebBuilt } from './support/web-build.js';

/** The notifications the page's service worker registration shows (none a page made by itself). */
const shown = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body }));
  });

/** Opens the app in the profile and waits until its service worker controls the page. */
async function appUnderServiceWorker(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 15_000,
    })
    .toMatch(/\/sw\.js$/);
  return page;
}

describe("the forum's Web Push, through the service worker's push event", () => {
  // The server's keys were rotated once: Ann's phone subscribed under the pair it keeps as previous.
  const retired = webpush.generateVAPIDKeys();
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:host@sleeping.city', previous: [retired] };
  let server: RunningServer;
  let endpoint: PushEndpoint;
  let profile: Awaited<ReturnType<typeof launchProfile>>;

  beforeAll(async () => {
    await ensureWebBuilt();
    endpoint = await new PushEndpoint().start();
    server = await startServer({ port: 0, store: 'memory', quiet: true, vapid, pushRoute: endpoint.route });
    profile = await launchProfile();
  }, 120_000);

  afterAll(async () => {
    await profile?.close();
    await server?.close();
    await endpoint?.close();
  });

  it('a new phase reaches a subscribed phone as an encrypted push, and its service worker notifies it', async () => {
    // Given Ann's app in a forum room of seven, subscribed to its pushes through the app's own socket
    // (the browser's push service stands in: the PushEndpoint receives and decrypts as it would), with
    // the server key her subscription was made under, before the server's keys were rotated
    await profile.context.grantPermissions(['notifications'], { origin: server.url });
    const page = await appUnderServiceWorker(profile.context, server.url);
    const table = await LocalTable.open(server.wsUrl, 6, { preset: 'forum' });
    await new Phone(page, 'Ann').join(server.url, table.code);
    const saved = await page.evaluate(
      (detail) => {
        const e = new CustomEvent('sc-push', {
          detail,
          bubbles: true,
          composed: true,
        }) as Event & {
          result?: Promise<unknown>;
        };
        document.querySelector('sc-app')?.dispatchEvent(e);
        return e.result;
      },
      { subscription: endpoint.subscribe('ann', retired.publicKey), serverKey: retired.publicKey },
    );
    expect(saved).toBe(true);

    // When the game starts: day 1 begins
    await table.start();
    await server.settle();
    await expect.poll(() => endpoint.pushesTo('ann').length).toBe(1);
    const [push] = endpoint.pushesTo('ann');
    expect(push.signer).toBe(retired.publicKey);
    expect(JSON.parse(push.plaintext)).toEqual({
      type: 'phase',
      gameId: table.gameId,
      phase: { kind: 'day', round: 1 },
    });

    // Then, delivered to the phone's service worker as the push service would, it shows the phase. (The
    // first delivery may reach a worker DevTools is still attaching to; a repeat carries the same tag, so
    // it replaces the notification rather than adding one.)
    const cdp = await profile.context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        const ours = versions.find((v) => v.scriptURL.startsWith(server.url) && v.status === 'activated');
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    await expect
      .poll(
        async () => {
          await cdp.send('ServiceWorker.deliverPushMessage', {
            origin: server.url,
            registrationId,
            data: push.plaintext,
          });
          return shown(page);
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toEqual([{ title: 'Sleeping City', body: 'Day 1 has begun' }]);
    await cdp.detach();
    await table.close();
  }, 180_000);
});

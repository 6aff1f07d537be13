/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { phaseNotice, readPhasePush } from './logic/push-text.js';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// A new version takes over at once: the shell is small and a game in progress resumes by itself.
void self.skipWaiting();
clientsClaim();

// The shell (index.html, the bundle and its chunks, manifest, icons), listed by workbox-build at build time.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every screen is a hash route of index.html; a navigation offline still gets the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/ws/] }));

// config.json and ice.json are per deployment: the network's copy when there is one, the last one seen when offline.
registerRoute(
  ({ url }) => url.pathname.endsWith('/config.json') || url.pathname.endsWith('/ice.json'),
  new NetworkFirst({ cacheName: 'config', networkTimeoutSeconds: 3 }),
);

// Web Push: a new phase of a game this phone plays, while the app is closed. The payload says only which
// phase; the notification opens the game, reusing a window of the app when one is open.
self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    data = null;
  }
  const push = readPhasePush(data);
  if (!push) return;
  const { title, body } = phaseNotice(push, self.navigator.languages ?? [self.navigator.language]);
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      tag: `game-${push.gameId}`,
      data: { url: `./#/game/${encodeURIComponent(push.gameId)}` },
      icon: './icons/icon-192.png',
    }),
  );
});

// A phase push carries its game's address; a signal's notification (your turn, night falls…) only brings
// the game back to the front when tapped.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = (event.notification.data as { url?: string } | null)?.url;
  const url = target ? new URL(target, self.registration.scope).href : null;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => 'focus' in w);
      if (open) return url ? open.navigate(url).then((w) => w?.focus()) : open.focus();
      return self.clients.openWindow(url ?? self.registration.scope);
    }),
  );
});

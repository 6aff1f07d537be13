/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

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

// A signal's notification (your turn, night falls…) brings the game back to the front when tapped.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => 'focus' in w);
      return open ? open.focus() : self.clients.openWindow(self.registration.scope);
    }),
  );
});

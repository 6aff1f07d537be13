import './app-shell.js';
import { startLocalization } from './i18n/localization.js';

/**
 * Entry: the language first (so the first paint is already in the player's language), then the app, then
 * the service worker, which must not compete with the first load for the network.
 */
async function main(): Promise<void> {
  await startLocalization().catch(() => undefined);
  document.body.append(document.createElement('sc-app'));
  document.getElementById('boot')?.remove();
  if ('serviceWorker' in navigator) {
    window.addEventListener('load', () => {
      navigator.serviceWorker.register('sw.js').catch(() => undefined);
    });
  }
}

void main();

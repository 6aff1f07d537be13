import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { iceServersOf } from './src/logic/ice-servers.js';
import { cssVars, DAY, NIGHT } from './src/styles/palette.js';
import { gzippedSize, initialChunks } from './tools/bundle-size.js';
import { iconPng } from './tools/icon.js';

/** The first visit's JavaScript must stay under this (gzipped): phones on a bar's Wi-Fi. */
const BUDGET_BYTES = 100 * 1024;

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
const started = performance.now();

rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'icons'), { recursive: true });

// The app: ES modules, one chunk per language loaded on demand, names hashed for long caching.
const app = await build({
  entryPoints: { app: join(here, 'src/main.ts') },
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  legalComments: 'linked',
  outdir: dist,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
  tsconfig: join(here, '../tsconfig.json'),
});
const entry = Object.entries(app.metafile.outputs).find(([, o]) =>
  o.entryPoint?.endsWith('src/main.ts'),
)?.[0];
if (!entry) throw new Error('esbuild produced no entry chunk');
const entryFile = relative(dist, entry);
const initial = initialChunks(app.metafile, entry).map((f) => relative(dist, f));
const initialGz = gzippedSize(dist, initial);

// The themes go into the page itself, so the very first paint (and the offline shell) is already themed.
const palette =
  `:root{${cssVars(DAY)};color-scheme:light}` +
  `:root[data-theme='night']{${cssVars(NIGHT)};color-scheme:dark}` +
  `@media print{:root,:root[data-theme='night']{${cssVars(DAY)}}}`;
writeFileSync(
  join(dist, 'index.html'),
  readFileSync(join(here, 'index.html'), 'utf8')
    .replace('src="app.js"', `src="${entryFile}"`)
    .replace('<style id="palette"></style>', `<style id="palette">${palette}</style>`)
    .replace('name="theme-color" content=""', `name="theme-color" content="${DAY.bg}"`),
);

writeFileSync(join(dist, 'icons/icon-192.png'), iconPng(192, 'any'));
writeFileSync(join(dist, 'icons/icon-512.png'), iconPng(512, 'any'));
writeFileSync(join(dist, 'icons/maskable-512.png'), iconPng(512, 'maskable'));

const manifest = {
  name: 'Sleeping City',
  short_name: 'Sleeping City',
  description: 'Play Mafia on your phones with an automatic game master, or run a club table.',
  id: './',
  start_url: './',
  scope: './',
  display: 'standalone',
  orientation: 'portrait',
  background_color: NIGHT.bg,
  theme_color: NIGHT.bg,
  icons: [
    { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
writeFileSync(join(dist, 'manifest.webmanifest'), `${JSON.stringify(manifest, null, 2)}\n`);

// Per deployment: a deployment overwrites it with {"wsUrl": "wss://…"}; locally the app uses /ws.
writeFileSync(join(dist, 'config.json'), '{}\n');
/** ICE_SERVERS is a JSON array of RTCIceServer; a value that is not one stops the build, not the first call. */
function iceServersFromEnv(raw: string | undefined) {
  if (!raw) return [];
  const servers = iceServersOf({ iceServers: JSON.parse(raw) });
  if (servers.length === 0) throw new Error('ICE_SERVERS holds no stun:, turn: or turns: address');
  return servers;
}
// The video table's STUN/TURN servers (docs/deploy.md), from ICE_SERVERS at build time; none on a LAN.
writeFileSync(
  join(dist, 'ice.json'),
  `${JSON.stringify({ iceServers: iceServersFromEnv(process.env.ICE_SERVERS) })}\n`,
);

// The service worker: Workbox bundled in (no CDN), then the precache list injected into it.
const swTemp = join(here, '.sw-build.js');
await build({
  entryPoints: [join(here, 'src/sw.ts')],
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  outfile: swTemp,
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"' },
  tsconfig: join(here, '../tsconfig.json'),
});
const precache = await injectManifest({
  swSrc: swTemp,
  swDest: join(dist, 'sw.js'),
  globDirectory: dist,
  globPatterns: ['**/*.{html,js,webmanifest,png}'],
  globIgnores: ['sw.js', 'config.json', 'ice.json'],
});
rmSync(swTemp, { force: true });
for (const w of precache.warnings) console.warn(`workbox: ${w}`);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `web/dist built in ${Math.round(performance.now() - started)} ms: initial JS ${kb(initialGz)} gzipped ` +
    `(${initial.length} files, budget ${kb(BUDGET_BYTES)}); precache ${precache.count} files, ${kb(precache.size)}`,
);
if (initialGz > BUDGET_BYTES) {
  console.error(`initial JavaScript is over budget: ${kb(initialGz)} > ${kb(BUDGET_BYTES)}`);
  process.exit(1);
}

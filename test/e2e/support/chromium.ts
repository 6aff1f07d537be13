import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export interface Machine {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  home: string;
  exists: (path: string) => boolean;
  /** Where `npx playwright-core install chromium` puts its Chromium. */
  playwrightChromium: () => string;
}

/**
 * Which build a test drives. `full` is the browser people install. `shell` is Chromium's headless shell: the
 * same engine without the browser's own windows, profiles and services. It opens a page for about half the
 * CPU, so the phones of the browser tests use it where there is one. It has no notifications, so a test of
 * the profile itself (service worker, push, installability) drives the full browser.
 */
export type Build = 'full' | 'shell';

const thisMachine: Machine = {
  env: process.env,
  platform: process.platform,
  home: homedir(),
  exists: existsSync,
  playwrightChromium: () => chromium.executablePath(),
};

export const HOW_TO_GET_CHROMIUM =
  'No Chromium or Chrome found for the browser tests: set CHROMIUM_PATH to an existing one, install one ' +
  '(Debian/Ubuntu: sudo apt install chromium chromium-headless-shell; macOS: brew install --cask chromium; ' +
  'Windows: install Chrome), or run npx playwright-core install chromium.';

function usualPaths({ env, platform, home }: Machine): string[] {
  switch (platform) {
    case 'darwin':
      return ['/Applications', join(home, 'Applications')].flatMap((apps) => [
        join(apps, 'Chromium.app/Contents/MacOS/Chromium'),
        join(apps, 'Google Chrome.app/Contents/MacOS/Google Chrome'),
      ]);
    case 'win32':
      return [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA]
        .filter((dir): dir is string => dir !== undefined)
        .flatMap((dir) => [
          join(dir, 'Google', 'Chrome', 'Application', 'chrome.exe'),
          join(dir, 'Chromium', 'Application', 'chrome.exe'),
        ]);
    default:
      return [
        '/usr/bin/chromium',
        '/usr/bin/chromium-browser',
        '/snap/bin/chromium',
        '/usr/bin/google-chrome',
        '/usr/bin/google-chrome-stable',
        '/opt/google/chrome/chrome',
      ];
  }
}

/**
 * Playwright downloads the headless shell beside its Chromium: `chromium-1255/chrome-linux64/chrome` has
 * `chromium_headless_shell-1255/chrome-headless-shell-linux64/chrome-headless-shell` as its neighbour.
 */
export function playwrightShellBeside(chrome: string): string | null {
  const parts = /^(.*?)([\\/])chromium-(\d+)[\\/]chrome-([^\\/]+)[\\/]/.exec(chrome);
  if (parts === null) return null;
  const [, registry, sep, revision, target] = parts;
  const exe = target.startsWith('win') ? 'chrome-headless-shell.exe' : 'chrome-headless-shell';
  return [registry, `chromium_headless_shell-${revision}`, `chrome-headless-shell-${target}`, exe].join(sep);
}

function shellPaths(machine: Machine): string[] {
  const debian = machine.platform === 'linux' ? ['/usr/bin/chromium-headless-shell'] : [];
  const playwright = playwrightShellBeside(machine.playwrightChromium());
  return playwright === null ? debian : [...debian, playwright];
}

/**
 * The Chromium the browser tests drive: the one CHROMIUM_PATH or CHROME_PATH names; else, for the `shell`
 * build, a headless shell from Debian's package or Playwright's download; else the first browser found where
 * Debian, Ubuntu, macOS or Windows install one, else Playwright's own download; null if none is there.
 */
export function findChromium(machine: Machine = thisMachine, build: Build = 'full'): string | null {
  const named = machine.env.CHROMIUM_PATH || machine.env.CHROME_PATH;
  if (named) return machine.exists(named) ? named : null;
  const shell = build === 'shell' ? shellPaths(machine).find((path) => machine.exists(path)) : undefined;
  if (shell !== undefined) return shell;
  const found = usualPaths(machine).find((path) => machine.exists(path));
  if (found !== undefined) return found;
  const downloaded = machine.playwrightChromium();
  return machine.exists(downloaded) ? downloaded : null;
}

const found = new Map<Build, string | null>();

/** The Chromium to launch, or an error that says in one line how to get one. */
export function chromiumPath(build: Build = 'full'): string {
  if (!found.has(build)) found.set(build, findChromium(thisMachine, build));
  const path = found.get(build);
  if (path == null) throw new Error(HOW_TO_GET_CHROMIUM);
  return path;
}

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

const thisMachine: Machine = {
  env: process.env,
  platform: process.platform,
  home: homedir(),
  exists: existsSync,
  playwrightChromium: () => chromium.executablePath(),
};

export const HOW_TO_GET_CHROMIUM =
  'No Chromium or Chrome found for the browser tests: set CHROMIUM_PATH to an existing one, install one ' +
  '(Debian/Ubuntu: sudo apt install chromium; macOS: brew install --cask chromium; Windows: install Chrome), ' +
  'or run npx playwright-core install chromium.';

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
 * The Chromium the browser tests drive: the one CHROMIUM_PATH or CHROME_PATH names, else the first found
 * where Debian, Ubuntu, macOS or Windows install one, else Playwright's own download; null if none is there.
 */
export function findChromium(machine: Machine = thisMachine): string | null {
  const named = machine.env.CHROMIUM_PATH || machine.env.CHROME_PATH;
  if (named) return machine.exists(named) ? named : null;
  const found = usualPaths(machine).find((path) => machine.exists(path));
  if (found !== undefined) return found;
  const downloaded = machine.playwrightChromium();
  return machine.exists(downloaded) ? downloaded : null;
}

let found: string | undefined;

/** The Chromium to launch, or an error that says in one line how to get one. */
export function chromiumPath(): string {
  found ??= findChromium() ?? undefined;
  if (found === undefined) throw new Error(HOW_TO_GET_CHROMIUM);
  return found;
}

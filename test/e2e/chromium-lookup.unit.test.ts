import { describe, expect, it } from 'vitest';
import {
  findChromium,
  HOW_TO_GET_CHROMIUM,
  type Machine,
  playwrightShellBeside,
} from './support/chromium.js';

const PLAYWRIGHT = '/home/ann/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

function machine(over: Partial<Machine>, installed: string[]): Machine {
  return {
    env: {},
    platform: 'linux',
    home: '/home/ann',
    exists: (path) => installed.includes(path),
    playwrightChromium: () => PLAYWRIGHT,
    ...over,
  };
}

describe('finding a Chromium for the browser tests', () => {
  it('given CHROMIUM_PATH or CHROME_PATH, when looking, then that browser is used before any other', () => {
    const installed = ['/opt/my/chrome', '/usr/bin/chromium'];
    expect(findChromium(machine({ env: { CHROMIUM_PATH: '/opt/my/chrome' } }, installed))).toBe(
      '/opt/my/chrome',
    );
    expect(findChromium(machine({ env: { CHROME_PATH: '/opt/my/chrome' } }, installed))).toBe(
      '/opt/my/chrome',
    );
  });

  it('given a variable naming a missing file, when looking, then nothing is found rather than another browser', () => {
    expect(
      findChromium(machine({ env: { CHROMIUM_PATH: '/nowhere/chrome' } }, ['/usr/bin/chromium'])),
    ).toBeNull();
  });

  it.each([
    ['linux', '/usr/bin/chromium'],
    ['linux', '/usr/bin/chromium-browser'],
    ['linux', '/snap/bin/chromium'],
    ['linux', '/usr/bin/google-chrome'],
    ['darwin', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
    ['darwin', '/home/ann/Applications/Chromium.app/Contents/MacOS/Chromium'],
    ['win32', 'C:\\Program Files/Google/Chrome/Application/chrome.exe'],
  ] as const)('given a browser installed on %s at %s, when looking, then it is found', (platform, path) => {
    const env = { PROGRAMFILES: 'C:\\Program Files' };
    expect(findChromium(machine({ platform, env }, [path]))).toBe(path);
  });

  it("given only Playwright's own download, when looking, then it is used; given none, then nothing is", () => {
    expect(findChromium(machine({}, [PLAYWRIGHT]))).toBe(PLAYWRIGHT);
    expect(findChromium(machine({ platform: 'darwin' }, []))).toBeNull();
  });

  it('given a headless shell beside a browser, when looking for the shell build, then the shell is used', () => {
    const installed = ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'];
    expect(findChromium(machine({}, installed), 'shell')).toBe('/usr/bin/chromium-headless-shell');
    expect(findChromium(machine({}, installed), 'full')).toBe('/usr/bin/chromium');
  });

  it("given only Playwright's downloads, when looking for the shell build, then its shell is used", () => {
    const shell =
      '/home/ann/.cache/ms-playwright/chromium_headless_shell-1255/chrome-headless-shell-linux64/chrome-headless-shell';
    expect(findChromium(machine({}, [PLAYWRIGHT, shell]), 'shell')).toBe(shell);
  });

  it('given no headless shell or a named browser, when looking for the shell build, then the full browser is used', () => {
    expect(findChromium(machine({}, ['/usr/bin/chromium']), 'shell')).toBe('/usr/bin/chromium');
    const named = { env: { CHROMIUM_PATH: '/opt/my/chrome' } };
    expect(
      findChromium(machine(named, ['/opt/my/chrome', '/usr/bin/chromium-headless-shell']), 'shell'),
    ).toBe('/opt/my/chrome');
  });

  it.each([
    [
      'C:\\Users\\ann\\AppData\\Local\\ms-playwright\\chromium-1255\\chrome-win64\\chrome.exe',
      'C:\\Users\\ann\\AppData\\Local\\ms-playwright\\chromium_headless_shell-1255\\chrome-headless-shell-win64\\chrome-headless-shell.exe',
    ],
    [
      '/Users/ann/Library/Caches/ms-playwright/chromium-1255/chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
      '/Users/ann/Library/Caches/ms-playwright/chromium_headless_shell-1255/chrome-headless-shell-mac-arm64/chrome-headless-shell',
    ],
    ['/opt/elsewhere/chrome', null],
  ])("given Playwright's Chromium at %s, when naming its shell, then it is %s", (chrome, shell) => {
    expect(playwrightShellBeside(chrome)).toBe(shell);
  });

  it('given no browser, when the tests say so, then one line tells how to get one', () => {
    expect(HOW_TO_GET_CHROMIUM).not.toContain('\n');
    expect(HOW_TO_GET_CHROMIUM).toMatch(
      /CHROMIUM_PATH.*apt install chromium.*brew.*playwright-core install chromium/,
    );
  });
});

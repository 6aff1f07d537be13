import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRoom } from './support/host.js';
import { joinInTurn } from './support/phone.js';
import { useStack } from './support/suite.js';

/**
 * What reaches the phone's body, recorded in the page: every vibration pattern, every tone's pitch, every
 * notification's text. The page's visibility is the test's to set (`__hidden`): a headless browser never
 * goes to the background by itself. Notifications are allowed.
 */
const RECORDER = () => {
  const w = window as unknown as { __cues: unknown[]; __hidden: boolean };
  w.__cues = [];
  w.__hidden = false;
  Object.defineProperty(Navigator.prototype, 'vibrate', {
    value: (pattern: number[]) => w.__cues.push({ vibrate: pattern }) > 0,
  });
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
    w.__cues.push({ tone: this.frequency.value });
    start.call(this, when);
  };
  Object.defineProperty(Document.prototype, 'visibilityState', {
    get: () => (w.__hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(Document.prototype, 'hidden', { get: () => w.__hidden });
  class RecordedNotification {
    static permission = 'granted';
    static requestPermission = async () => 'granted';
    constructor(title: string, options: { body: string }) {
      w.__cues.push({ notify: `${title}: ${options.body}` });
    }
  }
  Object.defineProperty(window, 'Notification', { value: RecordedNotification });
};

type Cue = { vibrate?: number[]; tone?: number; notify?: string };
const cues = (page: Page): Promise<Cue[]> =>
  page.evaluate(() => (window as unknown as { __cues: Cue[] }).__cues);
const hidden = (page: Page, on: boolean) =>
  page.evaluate((h) => {
    (window as unknown as { __hidden: boolean }).__hidden = h;
  }, on);

/** Waits until the page has recorded a cue like this one, counting from `from`. */
async function cueAfter(page: Page, from: number, like: Cue): Promise<void> {
  await expect.poll(async () => (await cues(page)).slice(from), { timeout: 10_000 }).toContainEqual(like);
}

describe('signals: your turn, night falls, a vote against you, the judge’s 10 seconds', () => {
  const e2e = useStack();

  it('buzzes, sounds and notifies in the background; a muted phone stays silent after a reload', async () => {
    const host = await e2e.phone();
    await host.addInitScript(RECORDER);
    const timers = { discussion: 600, vote: 600, lastWord: 30, lastWordNight: 11, mafia: 30, night: 30 };
    const code = await createRoom(host, e2e.url, 'Hostess', { timers });
    const recorded = async () => {
      const page = await e2e.phone();
      await page.addInitScript(RECORDER);
      return page;
    };
    const phones = await joinInTurn(['Ann', 'Boris', 'Carmen', 'Dmitri'], recorded, e2e.url, code);
    const [ann, boris, carmen] = phones;

    // Boris mutes his phone; the choice outlives a reload.
    const toggle = boris.page.getByRole('button', { name: 'Sound and vibration' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await boris.page.reload();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await boris.page.getByText('Waiting for the host to start.').waitFor();

    await host.getByRole('button', { name: 'Start the game' }).click();
    await ann.waitForPhase('Day 1', 'Discussion');
    await boris.target(1);
    await carmen.target(4);
    await ann.page.getByText('4 · Dmitri, by 3 · Carmen').waitFor();

    // Ann's phone is in her pocket when the vote opens: her turn buzzes, sounds and notifies.
    await hidden(ann.page, true);
    let a = (await cues(ann.page)).length;
    const b = (await cues(boris.page)).length;
    await host.getByRole('button', { name: 'End the discussion' }).click();
    await cueAfter(ann.page, a, { vibrate: [200, 100, 200] });
    await cueAfter(ann.page, a, { tone: 880 });
    await cueAfter(ann.page, a, { notify: 'Sleeping City: Your turn' });
    await boris.page.locator('sc-ballot-panel').waitFor();
    expect(await cues(boris.page)).toHaveLength(b);

    // Back on screen: a vote against her buzzes and sounds, without a notification.
    await hidden(ann.page, false);
    a = (await cues(ann.page)).length;
    await boris.voteAgainst(1);
    await cueAfter(ann.page, a, { vibrate: [100, 60, 100, 60, 100] });
    await cueAfter(ann.page, a, { tone: 660 });
    expect((await cues(ann.page)).slice(a).filter((c) => c.notify)).toEqual([]);

    // The vote ends in a tie, and nobody leaves (the online room's rule): night falls on a phone in the background.
    await ann.voteAgainst(4);
    await hidden(ann.page, true);
    a = (await cues(ann.page)).length;
    await e2e.jumpToDeadline(code);
    // (a player with a night ability hears her turn first: the notification names both)
    await expect
      .poll(async () => (await cues(ann.page)).slice(a).some((c) => c.notify?.includes('Night falls')))
      .toBe(true);
    const night = (await cues(ann.page)).slice(a);
    expect(night.some((c) => c.tone === 330 || c.tone === 880)).toBe(true);
    await hidden(ann.page, false);

    // The mafia shoots; the morning's 11-second last word gives the judge's screen its 10-second cue.
    const roles = [];
    for (const p of phones) roles.push(await p.readRole());
    const shooter = roles.findIndex((r) => r === 'mafia' || r === 'don');
    const victim = shooter === 0 ? 2 : 1;
    await phones[shooter].target(victim);
    const h = (await cues(host)).length;
    // The shot may close the night by itself (everyone has acted); otherwise its timer runs out now.
    const morning = host.locator('sc-phase-bar h1', { hasText: 'Day 2' });
    await Promise.race([morning.waitFor(), phones[shooter].page.getByText(/^Shoot: .* — done\.$/).waitFor()]);
    if (!(await morning.isVisible())) await e2e.jumpToDeadline(code);
    await phones[victim - 1].waitForPhase('Day 2', 'Last word');
    await cueAfter(host, h, { tone: 1320 });
    await cueAfter(host, h, { vibrate: [150] });
    expect((await cues(boris.page)).filter((c) => c.vibrate || c.tone)).toEqual([]);
  }, 180_000);
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type LogCommit, sealCommit } from '../../shared/audit/chain.js';
import { parseJsonLines, toJsonLines } from '../../shared/audit/log-lines.js';
import { finishWithJumps } from '../support/finish-game.js';
import { LocalTable, SLOW_ONLINE } from '../support/local-table.js';
import { shot } from './support/browser.js';
import { holdsSeat } from './support/session.js';
import { useStack } from './support/suite.js';

const replay = (page: Page) => page.locator('sc-replay-page');
const sealStatus = (page: Page) => replay(page).locator('sc-seal-status');

/** Opens a log from the device, as "Open a log file" does. */
async function openFile(page: Page, name: string, text: string): Promise<void> {
  await replay(page)
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
}

/** Player 1 renamed in the commit that seated him, and every hash after it recomputed by the published formula. */
function renamed(commits: LogCommit[]): LogCommit[] {
  const at = commits.findIndex((c) => JSON.stringify(c.events).includes('"Player 1"'));
  const out = commits.slice(0, at);
  for (const [i, c] of commits.slice(at).entries()) {
    const changed =
      i === 0 ? (JSON.parse(JSON.stringify(c).replaceAll('Player 1', 'Mallory')) as LogCommit) : c;
    out.push(sealCommit({ ...changed, prevHash: out.at(-1)?.hash ?? '' }));
  }
  return out;
}

const fitsThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

describe('the replay checks the server’s signature in Chromium', () => {
  const e2e = useStack();

  it('shows a downloaded log signed by this server as verified, and a changed, an unsigned or another file as failing, on a 390 px phone', async () => {
    // Given a finished game of seven on the local stack; this phone holds seat 3's session.
    const table = await LocalTable.open(e2e.stack.server.wsUrl, 7, SLOW_ONLINE);
    try {
      await table.start();
      await finishWithJumps(table, () => e2e.jumpToDeadline(table.code));
      await e2e.stack.server.settle();
      const phone = await e2e.phone();
      await holdsSeat(phone, e2e.url, table, 3);

      // When the player opens the replay, then the log is fetched and its seal checked in the browser
      // against the key the server publishes.
      await phone.goto(`${e2e.url}/#/replay/${table.gameId}`);
      await sealStatus(phone).getByText('Signed by this server: verified.').waitFor();
      expect(await fitsThePhone(phone)).toBe(true);
      await shot(phone, 'replay-signed');

      const answer = await fetch(`${e2e.url}/api/games/${table.gameId}/log`, {
        headers: { authorization: `Bearer ${table.player(3).token}` },
      });
      const read = parseJsonLines(await answer.text());
      if (!read.ok) throw new Error(read.message);
      expect(read.seal).toBeDefined();

      // When the downloaded log, untouched, is opened from the device, then it verifies too.
      await openFile(phone, 'game.jsonl', toJsonLines(read.commits, read.seal));
      await sealStatus(phone).getByText('Signed by this server: verified.').waitFor();

      // When a name is changed and every hash recomputed — the chain holds, every command still yields its
      // events — then the audit passes and the signature does not: the log was changed.
      const forged = renamed(read.commits);
      await openFile(phone, 'forged.jsonl', toJsonLines(forged, read.seal));
      await replay(phone)
        .getByText(
          `Log verified: the chain holds and all ${forged.length} commits follow from their commands.`,
        )
        .waitFor();
      await sealStatus(phone)
        .getByText('Signature check failed: the log was changed after the server signed it.')
        .waitFor();
      await expect(sealStatus(phone).locator('[role=alert]').getAttribute('data-seal')).resolves.toBe(
        'broken',
      );
      expect(await fitsThePhone(phone)).toBe(true);
      await shot(phone, 'replay-forged');

      // When the seal line is dropped, then the log is not signed.
      await openFile(phone, 'unsigned.jsonl', toJsonLines(read.commits));
      await sealStatus(phone)
        .getByText(/^\s*Not signed: this log carries no signature of the server/)
        .waitFor();

      // When the forger seals his log with a key of his own (the seal of another deployment), then it is
      // another key's, not this server's.
      const otherKey = { ...read.seal, keyId: 'A'.repeat(43) } as NonNullable<typeof read.seal>;
      await openFile(phone, 'other.jsonl', toJsonLines(read.commits, otherKey));
      await sealStatus(phone)
        .getByText('Signed by another key, not this server’s: this log was not sealed here.')
        .waitFor();
    } finally {
      await table.close();
    }
  }, 120_000);
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mafia } from '../support/mafia-cli.js';

const root = join(import.meta.dirname, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'mafia-cli-'));
const file = (name: string, body: unknown) => {
  const path = join(tmp, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
};

describe('mafia play FILE', () => {
  it('prints the result object and exits 0 when every step holds', async () => {
    const r = await mafia('play', join(root, 'test', 'scenarios', 'sport-protocol-example.json'));
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      phase: { kind: 'day', round: 2 },
      alive: [1, 2, 3, 4, 5, 6, 8, 9, 10],
      rejections: [],
    });
    expect(Object.keys(out).sort()).toEqual(
      [
        'alive',
        'ballot',
        'checks',
        'eliminated',
        'fouls',
        'over',
        'phase',
        'points',
        'rejections',
        'roles',
        'speaker',
        'version',
        'winner',
        'winners',
      ].sort(),
    );
  });

  it('exits 1 with the failing step on stderr when an expect fails', async () => {
    const r = await mafia(
      'play',
      file('fail.json', {
        settings: { preset: 'online' },
        players: 5,
        deal: { 1: 'mafia' },
        steps: [{ expect: { alive: [1] } }],
      }),
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('step 0');
    expect(r.stderr).toContain('alive');
    expect(JSON.parse(r.stdout).alive).toEqual([1, 2, 3, 4, 5]);
  });

  it('exits 1 when an until cannot be reached', async () => {
    const r = await mafia(
      'play',
      file('until.json', { settings: { preset: 'classic' }, players: 7, steps: [{ until: { over: true } }] }),
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/step 0: no deadline is pending/);
  });

  it('records rejected steps and carries on', async () => {
    const r = await mafia(
      'play',
      file('rejected.json', {
        settings: { preset: 'online' },
        players: 5,
        deal: { 1: 'mafia' },
        steps: [
          { by: 2, do: { type: 'vote', target: 1 } },
          { by: 2, do: { type: 'bogus' } },
        ],
      }),
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).rejections).toEqual([
      { step: 0, code: 'wrong_phase' },
      { step: 1, code: 'bad_command' },
    ]);
  });

  it('exits 2 on an unreadable file, invalid JSON or a file that is not a scenario', async () => {
    expect((await mafia('play', join(tmp, 'missing.json'))).status).toBe(2);
    expect((await mafia('play', file('broken.json', '{ not json'))).status).toBe(2);
    const r = await mafia('play', file('other.json', { players: 'ten' }));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('is not a scenario');
    expect((await mafia('dance')).status).toBe(2);
  });
});

describe('the mafia command', () => {
  it('given a file that is not a scenario, when bin/mafia.js plays it in a process of its own, then its complaint and exit code reach the shell', async () => {
    const r = spawnSync(
      process.execPath,
      [join(root, 'bin', 'mafia.js'), 'play', file('fail-bin.json', { players: 'ten' })],
      { cwd: root, encoding: 'utf8' },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('is not a scenario');
  });
});

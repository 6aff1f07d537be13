import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario } from '../../shared/play/scenario.js';

const dir = join(import.meta.dirname, '..', 'scenarios');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('scenario files (test/scenarios)', () => {
  it('there are scenario files for every preset under test', () => {
    expect(files.length).toBeGreaterThan(4);
  });

  for (const file of files) {
    const json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    it(`${file}${json.rules ? ` (${json.rules.join(', ')})` : ''}: ${json.title ?? 'plays as written'}`, () => {
      // given the scenario file, when it is played, then every expect and until holds
      const parsed = parseScenario(json);
      expect(parsed.ok, parsed.ok ? '' : parsed.message).toBe(true);
      if (!parsed.ok) return;
      const run = runScenario(parsed.scenario);
      expect(run.ok ? 'ok' : `step ${run.step}: ${run.message}`).toBe('ok');
    });
  }
});

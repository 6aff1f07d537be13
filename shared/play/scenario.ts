import * as v from 'valibot';
import { partialMatch } from '../audit/match.js';
import { type GameResult, resultOf } from '../audit/result.js';
import type { Rejection } from '../domain/vocabulary.js';
import { ROLE_IDS } from '../roles/index.js';
import { settingsInputSchema } from '../rules/settings.js';
import { Table } from './table.js';

const actor = v.union([
  v.pipe(v.number(), v.integer(), v.minValue(1)),
  v.literal('host'),
  v.literal('system'),
]);

const stepSchema = v.union([
  v.strictObject({ by: actor, do: v.record(v.string(), v.unknown()), note: v.optional(v.string()) }),
  v.strictObject({ wait: v.pipe(v.number(), v.minValue(0)), note: v.optional(v.string()) }),
  v.strictObject({
    until: v.record(v.string(), v.unknown()),
    maxWait: v.optional(v.pipe(v.number(), v.minValue(0))),
    note: v.optional(v.string()),
  }),
  v.strictObject({ expect: v.record(v.string(), v.unknown()), note: v.optional(v.string()) }),
]);

export const scenarioSchema = v.strictObject({
  title: v.optional(v.string()),
  rules: v.optional(v.array(v.string())),
  settings: settingsInputSchema,
  players: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30)),
  names: v.optional(v.array(v.string())),
  deal: v.optional(v.record(v.pipe(v.string(), v.regex(/^\d+$/)), v.picklist([...ROLE_IDS, 'commissar']))),
  seed: v.optional(v.pipe(v.number(), v.integer())),
  /** false: the host does not start the game; a step does (`{"by": "host", "do": {"type": "start"}}`). */
  start: v.optional(v.boolean()),
  steps: v.array(stepSchema),
});
export type Scenario = v.InferOutput<typeof scenarioSchema>;

export interface ScenarioOutcome extends GameResult {
  rejections: Array<{ step: number; code: string }>;
}

export type ScenarioRun =
  | { ok: true; result: ScenarioOutcome; table: Table }
  | { ok: false; step: number; message: string; result: ScenarioOutcome; table: Table };

export type ScenarioParse = { ok: true; scenario: Scenario } | { ok: false; message: string };

export function parseScenario(json: unknown): ScenarioParse {
  const r = v.safeParse(scenarioSchema, json);
  if (r.success) return { ok: true, scenario: r.output };
  const issue = r.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return { ok: false, message: path ? `${path}: ${issue.message}` : issue.message };
}

const DEFAULT_MAX_WAIT = 86_400;

function joinStep(table: Table, command: Record<string, unknown>): Rejection | null {
  const { name, seat } = command;
  if (typeof name !== 'string') return { code: 'bad_command', message: 'a join names the player' };
  return table.join(name, typeof seat === 'number' ? seat : undefined);
}

/** Plays a scenario file exactly as docs/protocol.md describes, on a virtual clock. */
export function runScenario(sc: Scenario): ScenarioRun {
  const table = new Table();
  const rejections: ScenarioOutcome['rejections'] = [];
  const outcome = (): ScenarioOutcome => ({ ...resultOf(table.state, table.version), rejections });
  const fail = (step: number, message: string): ScenarioRun => ({
    ok: false,
    step,
    message,
    result: outcome(),
    table,
  });

  const settings = sc.deal ? { ...sc.settings, dealing: 'manual' as const } : sc.settings;
  const created = table.create(settings);
  if (created) return fail(-1, `settings: ${created.message}`);
  for (let seat = 1; seat <= sc.players; seat++) {
    const joined = table.join(sc.names?.[seat - 1] ?? `Player ${seat}`, seat);
    if (joined) return fail(-1, `seat ${seat}: ${joined.message}`);
  }
  for (const [seat, role] of Object.entries(sc.deal ?? {})) {
    const r = table.command('host', { type: 'assignRole', seat: Number(seat), role });
    if (r) return fail(-1, `deal seat ${seat}: ${r.message}`);
  }
  const seed = sc.seed ?? 1;
  if (sc.start !== false) {
    const started = table.command('host', { type: 'start' }, seed);
    if (started) return fail(-1, `start: ${started.message}`);
  }

  const moderated = table.state.settings.master === 'moderator';
  for (const [i, step] of sc.steps.entries()) {
    if ('by' in step) {
      const recorded = moderated && typeof step.by === 'number';
      const command = recorded ? { ...step.do, as: step.by } : step.do;
      // A join seats a player as the lobby does; a start deals from the file's seed, as the host's own does.
      const r =
        step.do.type === 'join'
          ? joinStep(table, step.do)
          : table.send(recorded ? 'host' : step.by, command, step.do.type === 'start' ? seed : undefined);
      if (r) rejections.push({ step: i, code: r.code });
    } else if ('wait' in step) {
      table.wait(step.wait);
    } else if ('until' in step) {
      const limit = table.now + (step.maxWait ?? DEFAULT_MAX_WAIT) * 1000;
      for (;;) {
        if (partialMatch(step.until, outcome()) === null) break;
        if (table.state.phase.kind === 'over')
          return fail(i, `the game ended before ${JSON.stringify(step.until)}`);
        const next = table.nextDeadline();
        if (!next) return fail(i, `no deadline is pending and ${JSON.stringify(step.until)} is not reached`);
        if (next.at > limit)
          return fail(
            i,
            `${JSON.stringify(step.until)} not reached within ${step.maxWait ?? DEFAULT_MAX_WAIT} s`,
          );
        table.jump();
      }
    } else {
      const diff = partialMatch(step.expect, outcome());
      if (diff) return fail(i, diff);
    }
  }
  return { ok: true, result: outcome(), table };
}

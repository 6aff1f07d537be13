import { expect } from 'vitest';
import { partialMatch } from '../../shared/audit/match.js';
import { type GameResult, resultOf } from '../../shared/audit/result.js';
import type { Rejection, RejectionCode } from '../../shared/domain/vocabulary.js';
import { Table } from '../../shared/play/table.js';
import type { RoleId } from '../../shared/roles/index.js';
import type { SettingsInput } from '../../shared/rules/settings.js';
import { chatFor, viewFor } from '../../shared/views/view.js';

/** Given: a table of `players` seated in order, dealt by hand (`deal`: seat → role, the rest civilians), started. */
export function givenGame(
  settings: SettingsInput,
  players: number,
  deal: Record<number, RoleId> = {},
): Table {
  const t = new Table();
  ok(t.create({ ...settings, dealing: 'manual' }));
  for (let seat = 1; seat <= players; seat++) ok(t.join(`Player ${seat}`, seat));
  for (const [seat, role] of Object.entries(deal))
    ok(t.command('host', { type: 'assignRole', seat: Number(seat), role }));
  ok(t.command('host', { type: 'start' }));
  return t;
}

export const result = (t: Table): GameResult => resultOf(t.state, t.version);

export function ok(r: Rejection | null): void {
  expect(r, r ? `${r.code}: ${r.message}` : '').toBeNull();
}

export function refused(r: Rejection | null, code: RejectionCode): void {
  expect(r?.code).toBe(code);
}

/** Jumps the virtual clock deadline by deadline until the result matches (like a scenario's `until`). */
export function until(t: Table, shape: Record<string, unknown>, maxJumps = 200): void {
  for (let i = 0; i < maxJumps; i++) {
    if (partialMatch(shape, result(t)) === null) return;
    if (!t.jump()) break;
  }
  expect(partialMatch(shape, result(t))).toBeNull();
}

/** Sends a command and insists it is accepted. */
export function does(t: Table, by: Parameters<Table['send']>[0], command: Record<string, unknown>): void {
  ok(t.send(by, command));
}

/** Every version is unchanged by a refused command: same state object, same version. */
export function unchangedBy(t: Table, f: () => Rejection | null): Rejection | null {
  const before = t.state;
  const version = t.version;
  const r = f();
  expect(t.state).toBe(before);
  expect(t.version).toBe(version);
  return r;
}

export const seatView = (t: Table, seat: number) => viewFor(t.state, { kind: 'seat', seat });
/** The chat lines a seat may read now: what its phone is sent in pages and `chat` frames. */
export const seatChat = (t: Table, seat: number) => chatFor(t.state, { kind: 'seat', seat });

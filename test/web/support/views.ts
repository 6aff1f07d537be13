import { Table } from '../../../shared/play/table.js';
import type { RoleId } from '../../../shared/roles/index.js';
import type { SettingsInput } from '../../../shared/rules/settings.js';
import type { GameView, Viewer } from '../../../shared/views/types.js';
import { viewFor } from '../../../shared/views/view.js';

/**
 * Views made by the real engine, not written by hand: a table of `n` players with the roles dealt by hand
 * (manual dealing), so tests know who is who. Seats not named are civilians.
 */
export function tableOf(n: number, deal: Record<number, RoleId>, settings: SettingsInput = {}): Table {
  const t = new Table();
  must(t.create({ preset: 'online', ...settings, dealing: 'manual' }));
  for (let i = 1; i <= n; i++) must(t.join(`P${i}`));
  for (const [seat, role] of Object.entries(deal))
    must(t.command('host', { type: 'assignRole', seat: Number(seat), role }));
  must(t.command('host', { type: 'start' }));
  return t;
}

export function must(r: { code: string; message: string } | null): void {
  if (r) throw new Error(`${r.code}: ${r.message}`);
}

export const seatView = (t: Table, seat: number): GameView => viewFor(t.state, { kind: 'seat', seat });
export const hostView = (t: Table): GameView => viewFor(t.state, { kind: 'host' } satisfies Viewer);

/** Fires deadlines until the phase matches (or fails after `max` jumps). */
export function until(t: Table, match: (v: GameView) => boolean, max = 50): void {
  for (let i = 0; i < max; i++) {
    if (match(hostView(t))) return;
    if (!t.jump()) break;
  }
  if (!match(hostView(t))) throw new Error(`never reached: now ${JSON.stringify(t.state.phase)}`);
}

import { describe, expect, it } from 'vitest';
import { roundOf } from '../../functions/app/fan-out.js';
import { viewFrame } from '../../functions/app/frames.js';
import type { Folded, ServerFrame } from '../../shared/index.js';
import { Table } from '../../shared/play/table.js';

type View = Extract<ServerFrame, { type: 'view' }>;
const fold = (t: Table): Folded => ({ version: t.version, state: t.state });
const viewSent = (shown: Folded, now: Folded, seat: 'host' | number) => {
  const sent = roundOf(shown, now, false)(seat).find((s) => s.frame.type === 'view');
  if (sent === undefined) throw new Error('no view sent');
  return { frame: sent.frame as View, text: JSON.parse(sent.text) as View };
};

describe('a view sent without the settings its seat holds', () => {
  const t = new Table();
  t.create({ preset: 'online' });
  t.join('Ann', 1);
  const lobby = fold(t);

  it('given the host holds the lobby’s settings, when a player joins, then his view names them by key and leaves them out', () => {
    t.join('Bob', 2);
    const { frame, text } = viewSent(lobby, fold(t), 'host');
    expect(text).toEqual(frame);
    expect(frame.view.settings).toBeUndefined();
    expect(frame.view.settingsKey).toBe(viewFrame(lobby, 'host').view.settingsKey);
    expect(frame.view.seats.map((s) => s.name)).toEqual(['Ann', 'Bob']);
  });

  it('given the host changes the settings, when the views go out, then they carry the new settings under a new key', () => {
    const before = fold(t);
    expect(t.command('host', { type: 'configure', settings: { preset: 'online', chat: false } })).toBeNull();
    const { frame, text } = viewSent(before, fold(t), 1);
    expect(text).toEqual(frame);
    expect(frame.view.settings?.chat).toBe(false);
    expect(frame.view.settingsKey).not.toBe(viewFrame(before, 1).view.settingsKey);
  });

  it('given any fold, when a connection asks for its view, then the view comes with its settings and their key', () => {
    const { view } = viewFrame(fold(t), 2);
    expect(view.settings.preset).toBe('online');
    expect(view.settingsKey).toMatch(/^[\w-]{12}$/);
  });
});

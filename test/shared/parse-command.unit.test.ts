import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { commandSchema, parseCommand } from '../../shared/engine/commands.js';

/** What the command variant itself answers, in parseCommand's shape. */
function throughVariant(input: unknown) {
  const r = v.safeParse(commandSchema(), input);
  if (r.success) return { ok: true, command: r.output };
  const issue = r.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') ?? '';
  return { ok: false, message: path ? `${path}: ${issue.message}` : issue.message };
}

describe('parseCommand', () => {
  it('given commands good and bad, of known types and not, when parsed, then the answer is the variant schema’s own', () => {
    const inputs: unknown[] = [
      { type: 'vote', target: 3 },
      { type: 'vote', choice: 'stay' },
      { type: 'vote', target: 0 },
      { type: 'vote', target: 3, extra: true },
      { type: 'say', channel: 'table', text: '  hello  ' },
      { type: 'say', channel: 'table', text: '\u200b' },
      { type: 'timeUp', deadlineId: 'd'.repeat(101) },
      { type: 'start', as: 2 },
      { type: 'fly' },
      { type: 7 },
      { target: 3 },
      null,
      'vote',
      [],
    ];
    for (const input of inputs) expect(parseCommand(input)).toEqual(throughVariant(input));
  });

  it('given a vote, when parsed, then it comes out as its schema reads it and unknown fields are refused', () => {
    expect(parseCommand({ type: 'vote', target: 3 })).toEqual({
      ok: true,
      command: { type: 'vote', target: 3 },
    });
    expect(parseCommand({ type: 'vote', target: 3, seat: 1 })).toMatchObject({ ok: false });
  });
});

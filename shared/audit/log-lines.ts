import type { LogCommit } from './chain.js';

/** A log as a file: JSON Lines, one commit a line, in sequence order. */
export function toJsonLines(commits: readonly LogCommit[]): string {
  return commits.map((c) => `${JSON.stringify(c)}\n`).join('');
}

export type LogRead = { ok: true; commits: LogCommit[] } | { ok: false; message: string };

/**
 * Reads a log's text (what `mafia export` prints and the server's download sends); a line that is not a
 * commit is named with its number. The CLI and the PWA's replay viewer read logs through this.
 */
export function parseJsonLines(text: string): LogRead {
  const commits: LogCommit[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      return { ok: false, message: `line ${i + 1}: ${(e as Error).message}` };
    }
    if (!isCommit(value)) return { ok: false, message: `line ${i + 1}: not a commit` };
    commits.push(value);
  }
  return commits.length === 0 ? { ok: false, message: 'no commits' } : { ok: true, commits };
}

function isCommit(v: unknown): v is LogCommit {
  if (v === null || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  return (
    typeof c.gameId === 'string' &&
    typeof c.seq === 'number' &&
    typeof c.commandId === 'string' &&
    typeof c.actor === 'string' &&
    typeof c.at === 'number' &&
    Array.isArray(c.events) &&
    typeof c.prevHash === 'string' &&
    typeof c.hash === 'string'
  );
}

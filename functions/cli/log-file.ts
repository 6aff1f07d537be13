import { readFileSync } from 'node:fs';
import type { LogCommit } from '../../shared/audit/chain.js';

/** A log as a file: JSON Lines, one commit a line, in sequence order. */
export function toJsonLines(commits: readonly LogCommit[]): string {
  return commits.map((c) => `${JSON.stringify(c)}\n`).join('');
}

export type LogRead = { ok: true; commits: LogCommit[] } | { ok: false; message: string };

/** Reads a log file; a line that is not a commit is named with its number. */
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

export function readLogFile(path: string): LogRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
  return parseJsonLines(text);
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

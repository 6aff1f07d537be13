import type { LogCommit } from './chain.js';
import { type LogSeal, parseSeal } from './seal.js';

/**
 * A log as a file: JSON Lines, one commit a line, in sequence order, and last the deployment's seal of its
 * head (`{"seal":{…}}`, seal.ts) when it was signed.
 */
export function toJsonLines(commits: readonly LogCommit[], seal?: LogSeal): string {
  const lines = commits.map((c) => `${JSON.stringify(c)}\n`).join('');
  return seal === undefined ? lines : `${lines}${JSON.stringify({ seal })}\n`;
}

export type LogRead = { ok: true; commits: LogCommit[]; seal?: LogSeal } | { ok: false; message: string };

/**
 * Reads a log's text (what `mafia export` prints and the server's download sends); a line that is neither
 * a commit nor the closing seal is named with its number. The CLI and the PWA's replay viewer read logs
 * through this.
 */
export function parseJsonLines(text: string): LogRead {
  const commits: LogCommit[] = [];
  let seal: LogSeal | undefined;
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      return { ok: false, message: `line ${i + 1}: ${(e as Error).message}` };
    }
    if (seal !== undefined) return { ok: false, message: `line ${i + 1}: a line after the seal` };
    if (isSealLine(value)) {
      const keys = Object.keys(value);
      if (keys.length !== 1) return { ok: false, message: `line ${i + 1}: the seal line has other fields` };
      const parsed = parseSeal(value.seal);
      if (!parsed.ok) return { ok: false, message: `line ${i + 1}: ${parsed.reason}` };
      seal = parsed.seal;
      continue;
    }
    if (!isCommit(value)) return { ok: false, message: `line ${i + 1}: not a commit` };
    commits.push(value);
  }
  if (commits.length === 0) return { ok: false, message: 'no commits' };
  return seal === undefined ? { ok: true, commits } : { ok: true, commits, seal };
}

const isSealLine = (v: unknown): v is { seal: unknown } => v !== null && typeof v === 'object' && 'seal' in v;

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

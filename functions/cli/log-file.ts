import { readFileSync } from 'node:fs';
import { type LogRead, parseJsonLines } from '../../shared/audit/log-lines.js';

export function readLogFile(path: string): LogRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
  return parseJsonLines(text);
}

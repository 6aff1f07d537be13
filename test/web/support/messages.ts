import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** One `msg(…, { id })` call of the app: its id, its English text with `${0}`-style placeholders. */
export interface SourceMessage {
  id: string;
  english: string;
  placeholders: number;
  file: string;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? name === 'locales'
        ? []
        : files(path)
      : path.endsWith('.ts')
        ? [path]
        : [];
  });
}

/** Index after a quoted string that starts at `i` (the quote). */
function skipString(src: string, i: number): number {
  const q = src[i];
  for (let j = i + 1; j < src.length; j++) {
    if (src[j] === '\\') j++;
    else if (src[j] === q) return j + 1;
  }
  throw new Error('unterminated string');
}

/** Index after the `}` closing an expression that starts at `i` (just after `${`). */
function skipExpression(src: string, i: number): number {
  let depth = 1;
  for (let j = i; j < src.length; j++) {
    const c = src[j];
    if (c === "'" || c === '"') j = skipString(src, j) - 1;
    else if (c === '`') j = readTemplate(src, j).end - 1;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return j + 1;
  }
  throw new Error('unterminated expression');
}

/** A template literal starting at `i` (the backtick): its text parts and where it ends. */
function readTemplate(src: string, i: number): { parts: string[]; end: number } {
  const parts: string[] = [''];
  for (let j = i + 1; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') {
      parts[parts.length - 1] += src[j + 1];
      j++;
    } else if (c === '`') return { parts, end: j + 1 };
    else if (c === '$' && src[j + 1] === '{') {
      j = skipExpression(src, j + 2) - 1;
      parts.push('');
    } else parts[parts.length - 1] += c;
  }
  throw new Error('unterminated template');
}

/** Every localised message in web/src (the locale modules excepted). */
export function sourceMessages(webSrc: string): SourceMessage[] {
  const found: SourceMessage[] = [];
  for (const path of files(webSrc)) {
    const src = readFileSync(path, 'utf8');
    for (let at = src.indexOf('msg('); at >= 0; at = src.indexOf('msg(', at + 4)) {
      let i = at + 4;
      while (/\s/.test(src[i])) i++;
      let english: string;
      let placeholders = 0;
      if (src.startsWith('str`', i)) {
        const t = readTemplate(src, i + 3);
        english = t.parts.map((p, n) => (n === 0 ? p : `\${${n - 1}}${p}`)).join('');
        placeholders = t.parts.length - 1;
        i = t.end;
      } else if (src[i] === "'") {
        const end = skipString(src, i);
        english = src.slice(i + 1, end - 1).replace(/\\'/g, "'");
        i = end;
      } else continue; // an identifier named like msg, or msg's own definition
      const id = /^\s*,\s*\{\s*id:\s*'([^']+)'/.exec(src.slice(i))?.[1];
      if (!id) throw new Error(`${relative(webSrc, path)}: msg without an explicit id near "${english}"`);
      found.push({ id, english, placeholders, file: relative(webSrc, path) });
    }
  }
  return found;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';

/**
 * The JavaScript a first visit downloads before the app can run: the entry chunk and every chunk it imports
 * statically, transitively. Dynamic imports (the other languages) are left out: they load on demand.
 */
export function initialChunks(meta: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of meta.outputs[file]?.imports ?? []) if (imp.kind === 'import-statement') visit(imp.path);
  };
  visit(entry);
  return [...seen];
}

/** Gzipped bytes of each file, as a server or CDN would send them. */
export function gzippedSize(root: string, files: string[]): number {
  return files.reduce((n, f) => n + gzipSync(readFileSync(join(root, f)), { level: 9 }).length, 0);
}

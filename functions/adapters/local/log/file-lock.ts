import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * The log's in-memory index is only right while one process writes the file, so a second writer (a second
 * `npm start` on the same data directory) must be refused. The lock file holds the owner's pid; a lock
 * whose process is gone is stale (the owner crashed) and is taken over.
 */
export function lockFile(path: string): () => void {
  const lockPath = `${path}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8'));
      if (isAlive(owner)) {
        throw new Error(
          `${path} is in use by process ${owner}${owner === process.pid ? ' (this one)' : ''}; ` +
            `if that process is not using it, delete ${lockPath}`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock ${path}`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

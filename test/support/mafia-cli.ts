import { main, type Out } from '../../functions/cli/mafia.js';

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `mafia ARGS` in this process: its exit code and what it wrote to stdout and stderr. */
export async function mafia(...args: string[]): Promise<CliRun> {
  const run = { stdout: '', stderr: '' };
  const sink = (stream: 'stdout' | 'stderr') =>
    ({
      write: (chunk: string | Uint8Array) => {
        run[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
        return true;
      },
    }) as Out;
  const status = await main(args, sink('stdout'), sink('stderr'));
  return { status, ...run };
}

/** One structured log line. Handlers write one per command; CloudWatch and `jq` read them. */
export type LogLine = Record<string, unknown>;
export type Log = (line: LogLine) => void;

export const jsonLog: Log = (line) => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

export const silentLog: Log = () => {};

/**
 * How a connection is named in log lines: enough to follow one socket through a log, too little to post to
 * it or disconnect it through the management API (which takes the whole id).
 */
export const logId = (connectionId: string): string => `${connectionId.slice(0, 6)}…`;

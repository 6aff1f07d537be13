/** One structured log line. Handlers write one per command; CloudWatch and `jq` read them. */
export type LogLine = Record<string, unknown>;
export type Log = (line: LogLine) => void;

export const jsonLog: Log = (line) => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

export const silentLog: Log = () => {};

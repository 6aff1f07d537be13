import { readFileSync } from 'node:fs';
import { buildSheet } from '../../shared/audit/sheet.js';
import { renderSheetHtml } from '../../shared/audit/sheet-html.js';
import { parseScenario, runScenario, type ScenarioRun } from '../../shared/play/scenario.js';

const USAGE = `usage: mafia play FILE             play a scenario file and print the result (docs/protocol.md)
       mafia sheet FILE [--html]   play a scenario file and print its game sheet as JSON, or as a
                                   printable HTML page with --html (docs/sheet.md)
       mafia help                  this text`;

export type Out = Pick<NodeJS.WriteStream, 'write'>;

/** Exit codes: 0 played, 1 an expect/until failed, 2 unreadable or invalid scenario or bad usage. */
export function main(argv: string[], out: Out = process.stdout, err: Out = process.stderr): number {
  const [verb, ...args] = argv;
  if (verb === 'help' || verb === '--help' || verb === undefined) {
    out.write(`${USAGE}\n`);
    return verb === undefined ? 2 : 0;
  }
  const html = args.includes('--html');
  const files = args.filter((a) => a !== '--html');
  const usable = verb === 'play' ? files.length >= 1 && !html : verb === 'sheet' && files.length === 1;
  if (!usable) {
    err.write(`${USAGE}\n`);
    return 2;
  }
  const file = files[0];
  const run = playFile(file, err);
  if (typeof run === 'number') return run;
  if (verb === 'play') out.write(`${JSON.stringify(run.result)}\n`);
  else if (html) out.write(renderSheetHtml(buildSheet(run.table.state)));
  else out.write(`${JSON.stringify(buildSheet(run.table.state), null, 2)}\n`);
  if (!run.ok) {
    const where = run.step < 0 ? 'setup' : `step ${run.step}`;
    err.write(`mafia: ${file}: ${where}: ${run.message}\n`);
    return 1;
  }
  return 0;
}

/** Reads and plays a scenario file; an unreadable or invalid file is exit code 2. */
function playFile(file: string, err: Out): ScenarioRun | 2 {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    err.write(`mafia: cannot read ${file}: ${(e as Error).message}\n`);
    return 2;
  }
  const parsed = parseScenario(json);
  if (!parsed.ok) {
    err.write(`mafia: ${file} is not a scenario: ${parsed.message}\n`);
    return 2;
  }
  return runScenario(parsed.scenario);
}

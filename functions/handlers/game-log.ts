import { observed, powertoolsLog } from '../adapters/aws/powertools.js';
import { logAccessFromEnv } from '../compose/aws.js';
import { gameLogHandler } from './routes/game-log.js';

export const handler = observed(gameLogHandler(logAccessFromEnv(), powertoolsLog));

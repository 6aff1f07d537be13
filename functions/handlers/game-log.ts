import { observed, powertoolsLog } from '../adapters/aws/powertools.js';
import { streamed } from '../adapters/aws/streamed-response.js';
import { logAccessFromEnv } from '../compose/aws.js';
import { gameLogHandler } from './routes/game-log.js';

export const handler = streamed(observed(gameLogHandler(logAccessFromEnv(), powertoolsLog)));

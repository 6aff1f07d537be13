import { observed, powertoolsLog } from '../adapters/aws/powertools.js';
import { parseOrigins } from '../app/origin.js';
import { connectHandler } from './routes/connect.js';

// Set by the stack to the site's origin (GameWebSocketApi.allowOrigins); unset is a deployment mistake.
const origins = process.env.ALLOWED_ORIGINS;
if (origins === undefined) throw new Error('ALLOWED_ORIGINS is not set');

export const handler = observed(connectHandler(powertoolsLog, { allowedOrigins: parseOrigins(origins) }));

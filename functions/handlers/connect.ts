import { observed, powertoolsLog } from '../adapters/aws/powertools.js';
import { connectHandler } from './routes/connect.js';

export const handler = observed(connectHandler(powertoolsLog));

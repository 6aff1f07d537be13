import { observed, powertoolsLog } from '../adapters/aws/powertools.js';
import { appOnAws } from '../compose/aws.js';
import { deadlineHandler } from './routes/deadline.js';

export const handler = observed(deadlineHandler(appOnAws(), powertoolsLog));

import { observed, powertoolsLog } from '../adapters/aws/powertools.js';
import { appOnAws } from '../compose/aws.js';
import { fanOutFromEnv } from '../compose/aws-fan-out.js';
import { pushFromEnv } from '../compose/aws-push.js';
import { defaultHandler } from './routes/default.js';

const fanOut = fanOutFromEnv();

export const handler = observed(
  defaultHandler(appOnAws({ fanOut, push: pushFromEnv() }), fanOut, powertoolsLog),
);

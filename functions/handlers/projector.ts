import { observed, powertoolsLog } from '../adapters/aws/powertools.js';
import { appOnAws } from '../compose/aws.js';
import { fanOutFromEnv } from '../compose/aws-fan-out.js';
import { pushFromEnv } from '../compose/aws-push.js';
import { schedulerFromEnv } from '../compose/aws-scheduler.js';
import { projectorHandler } from './routes/projector.js';

const app = appOnAws({
  fanOut: fanOutFromEnv(),
  scheduler: await schedulerFromEnv(),
  push: pushFromEnv(),
});

export const handler = observed(projectorHandler(app, powertoolsLog));

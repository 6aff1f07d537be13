import { observed, powertoolsLog } from '../adapters/aws/powertools.js';
import { appOnAws } from '../compose/aws.js';
import { fanOutFromEnv } from '../compose/aws-fan-out.js';
import { disconnectHandler } from './routes/disconnect.js';

// A spectator's leaving is sent to his table (the audience count): this handler posts too.
export const handler = observed(disconnectHandler(appOnAws({ fanOut: fanOutFromEnv() }), powertoolsLog));

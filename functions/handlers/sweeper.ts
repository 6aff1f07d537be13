import { observed, powertoolsLog } from '../adapters/aws/powertools.js';
import { appOnAws } from '../compose/aws.js';
import { sweeperHandler } from './routes/sweeper.js';

export const handler = observed(sweeperHandler(appOnAws(), powertoolsLog));

import { observed, powertoolsLog } from '../adapters/aws/powertools.js';
import { directoryFromEnv } from '../compose/aws.js';
import { disconnectHandler } from './routes/disconnect.js';

const directory = directoryFromEnv();

export const handler = observed(
  disconnectHandler({ disconnect: (id) => directory.unbindConnection(id) }, powertoolsLog),
);

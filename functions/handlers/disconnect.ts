import { jsonLog } from '../app/log.js';
import { directoryFromEnv } from '../compose/aws.js';
import { disconnectHandler } from './routes/disconnect.js';

const directory = directoryFromEnv();

export const handler = disconnectHandler({ disconnect: (id) => directory.unbindConnection(id) }, jsonLog);

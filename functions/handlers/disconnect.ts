import { jsonLog } from '../app/log.js';
import { directoryFromEnv } from './aws.js';
import { disconnectHandler } from './routes/connection.js';

const directory = directoryFromEnv();

export const handler = disconnectHandler({ disconnect: (id) => directory.unbindConnection(id) }, jsonLog);

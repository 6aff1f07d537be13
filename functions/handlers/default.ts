import { jsonLog } from '../app/log.js';
import { appFromEnv } from '../compose/aws.js';
import { defaultHandler } from './routes/default.js';

const { app, fanOut } = appFromEnv();

export const handler = defaultHandler(app, fanOut, jsonLog);

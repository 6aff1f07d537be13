import { jsonLog } from '../app/log.js';
import { appFromEnv } from './aws.js';
import { messageHandler } from './routes/message.js';

const { app, fanOut } = appFromEnv();

export const handler = messageHandler(app, fanOut, jsonLog);

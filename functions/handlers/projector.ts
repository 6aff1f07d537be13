import { jsonLog } from '../app/log.js';
import { appFromEnv } from './aws.js';
import { projectorHandler } from './routes/stream.js';

const { app } = appFromEnv();

export const handler = projectorHandler(app, jsonLog);

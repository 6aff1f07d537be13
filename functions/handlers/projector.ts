import { jsonLog } from '../app/log.js';
import { appFromEnv } from '../compose/aws.js';
import { projectorHandler } from './routes/projector.js';

const { app } = appFromEnv();

export const handler = projectorHandler(app, jsonLog);

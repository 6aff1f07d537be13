import { jsonLog } from '../app/log.js';
import { appFromEnv } from '../compose/aws.js';
import { deadlineHandler } from './routes/deadline.js';

const { app } = appFromEnv();

export const handler = deadlineHandler(app, jsonLog);

import { jsonLog } from '../app/log.js';
import { connectHandler } from './routes/connect.js';

export const handler = connectHandler(jsonLog);

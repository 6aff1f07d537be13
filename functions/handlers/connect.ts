import { jsonLog } from '../app/log.js';
import { connectHandler } from './routes/connection.js';

export const handler = connectHandler(jsonLog);

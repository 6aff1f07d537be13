import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

export interface DynamoServerOptions {
  /** Folder for dynalite's LevelDB files; without it the data lives in memory and dies with the server. */
  dataDir?: string;
}

export interface DynamoServer {
  /** e.g. `http://127.0.0.1:40213`, for the SDK client's `endpoint`. */
  endpoint: string;
  close(): Promise<void>;
}

type Dynalite = (options: {
  path?: string;
  createTableMs?: number;
  deleteTableMs?: number;
  updateTableMs?: number;
}) => Server;

// dynalite is CommonJS without type declarations; this is the one call we make to it.
const dynalite = createRequire(import.meta.url)('dynalite') as Dynalite;

/**
 * Starts dynalite, a DynamoDB-compatible server, in this process on a free loopback port. Tables become
 * ACTIVE at once instead of after dynalite's default half second, which keeps start-up and tests quick.
 */
export async function startDynamoServer(options: DynamoServerOptions = {}): Promise<DynamoServer> {
  if (options.dataDir !== undefined) mkdirSync(options.dataDir, { recursive: true });
  const server = dynalite({ path: options.dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

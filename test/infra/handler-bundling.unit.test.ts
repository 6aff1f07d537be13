import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventsTable } from '../../infra/constructs/events-table.js';
import { GameHandlers } from '../../infra/constructs/handlers.js';
import { fixtureHandlersDir, tempApp } from './support/cdk.js';

// The one test that really runs esbuild: it proves the bundling options work offline, without Docker.
describe('GameHandlers bundling', () => {
  const { app, outdir, dispose } = tempApp({ bundle: true });
  const bundles = new Map<string, string>();

  beforeAll(() => {
    // Given the fixture handlers, when the app is synthesized with bundling on,
    const stack = new Stack(app, 'Bundled');
    const { table } = new EventsTable(stack, 'Events');
    new GameHandlers(stack, 'Handlers', { handlersDir: fixtureHandlersDir, table });
    const assembly = app.synth();
    for (const dir of readdirSync(assembly.directory).filter((name) => name.startsWith('asset.'))) {
      const file = join(assembly.directory, dir, 'index.mjs');
      if (existsSync(file)) bundles.set(dir, readFileSync(file, 'utf8'));
    }
  }, 60_000);
  afterAll(dispose);

  it('then writes one ESM bundle per handler into the cloud assembly', () => {
    expect(outdir).not.toBe('');
    expect(bundles.size).toBe(6);
    for (const code of bundles.values()) expect(code).toMatch(/export\s*\{[^}]*as handler\s*\}/);
  });

  it('then starts every bundle with a require shim for CommonJS dependencies', () => {
    for (const code of bundles.values()) {
      expect(code.startsWith("import { createRequire } from 'node:module';")).toBe(true);
      expect(code).toContain('const require = createRequire(import.meta.url);');
    }
  });

  it('then bundles the AWS SDK client a handler imports instead of leaving it to the runtime', () => {
    for (const code of bundles.values()) expect(code).not.toMatch(/from\s*"@aws-sdk\//);
    const withSdk = [...bundles.values()].filter((code) => code.includes('DynamoDB_20120810'));
    expect(withSdk).toHaveLength(1);
    expect(withSdk[0]!.length).toBeGreaterThan(50_000);
  });

  it('then minifies each bundle and writes no source map', () => {
    for (const [dir, code] of bundles) {
      expect(code).not.toContain('statusCode: 200');
      expect(code).not.toContain('sourceMappingURL');
      expect(existsSync(join(outdir, dir, 'index.mjs.map'))).toBe(false);
    }
  });
});

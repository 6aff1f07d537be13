import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { EventsTable } from '../../infra/constructs/events-table.js';
import { GameHandlers } from '../../infra/constructs/handlers.js';
import { LogSigningKey } from '../../infra/constructs/log-signing-key.js';
import { fixtureHandlersDir, grantsOf, logicalId, tempApp } from './support/cdk.js';

// Given the game's functions, with the log signing key given to those that can end a game.
const { app, dispose } = tempApp();
const stack = new Stack(app, 'LogKeyOnly');
const { table } = new EventsTable(stack, 'Events');
const handlers = new GameHandlers(stack, 'Handlers', { handlersDir: fixtureHandlersDir, table });
const { connect, disconnect, defaultRoute, projector, deadline, sweeper } = handlers;
const key = new LogSigningKey(stack, 'LogSigningKey', { signers: [defaultRoute, deadline, sweeper] });
const template = Template.fromStack(stack);
afterAll(dispose);

const environmentOf = (fn: typeof connect): Record<string, unknown> =>
  template.toJSON().Resources[logicalId(fn)].Properties.Environment?.Variables ?? {};
const readsKey = (fn: typeof connect) =>
  grantsOf(template, fn).some(
    (g) =>
      g.action === 'secretsmanager:GetSecretValue' &&
      JSON.stringify(g.resource).includes(logicalId(key.secret)),
  );

describe('LogSigningKey', () => {
  it('then makes a generated secret, long enough to seed an Ed25519 key, that no template holds', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }),
      SecretString: Match.absent(),
    });
  });

  it('then lets each signer read the secret and tells it where the key is, never the key', () => {
    for (const fn of [defaultRoute, deadline, sweeper]) {
      expect(readsKey(fn)).toBe(true);
      expect(environmentOf(fn).LOG_SIGNING_KEY_SECRET).toEqual({ Ref: logicalId(key.secret) });
    }
  });

  it('then gives the key to no other function: the projector and the connection handlers cannot sign', () => {
    for (const fn of [connect, disconnect, projector]) {
      expect(readsKey(fn)).toBe(false);
      expect(environmentOf(fn)).not.toHaveProperty('LOG_SIGNING_KEY_SECRET');
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiGatewayFanOut } from '../../functions/adapters/aws/apigw/fan-out.js';
import { Metric } from '../../functions/observability/metric-names.js';
import { AppHarness, frameOf } from '../support/app-harness.js';
import { FakeConnectionsApi } from '../support/fake-apigw-management.js';

// Given the API Gateway fan-out through the real SDK client, against a management API that fails on cue.
let api: FakeConnectionsApi;
let fanOut: ApiGatewayFanOut;
beforeAll(async () => {
  api = await new FakeConnectionsApi().start();
  fanOut = ApiGatewayFanOut.forEndpoint(api.endpoint, {
    region: 'eu-west-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
});
afterAll(() => api.close());

describe('fan-out failures', () => {
  it('given a throttled post (429), when posted, then it is retried with backoff and arrives', async () => {
    api.answer('throttled', 429, 429, 200);
    expect(await fanOut.post('throttled', { type: 'pong' })).toBe('sent');
    expect(api.triesOf('throttled')).toBe(3);
  });

  it('given a server error every time (5xx), when posted, then it is tried four times and then fails', async () => {
    api.answer('broken', 500);
    await expect(fanOut.post('broken', { type: 'pong' })).rejects.toThrow();
    expect(api.triesOf('broken')).toBe(4);
  });

  it('given a forbidden post (403), when posted, then it fails at once: a retry cannot help', async () => {
    api.answer('forbidden', 403);
    await expect(fanOut.post('forbidden', { type: 'pong' })).rejects.toMatchObject({
      name: 'ForbiddenException',
    });
    expect(api.triesOf('forbidden')).toBe(1);
  });

  it('given a gone connection (410), when posted, then the result is gone', async () => {
    api.answer('left', 410);
    expect(await fanOut.post('left', { type: 'pong' })).toBe('gone');
  });

  it('given one seat whose posts fail and one gone, when a commit is projected, then the others get their views, the gone one is unbound and the projection succeeds', async () => {
    const h = new AppHarness();
    const created = frameOf(
      await h.send('host', { action: 'create', settings: {}, name: 'Hana' }),
      'created',
    );
    for (let i = 1; i <= 3; i++) await h.send(`p${i}`, { action: 'join', code: created.code, name: `P${i}` });
    const failing = h.fanOut.post.bind(h.fanOut);
    h.fanOut.post = async (connectionId, frame) => {
      if (connectionId === 'p1')
        throw Object.assign(new Error('status 500'), { name: 'InternalServerError' });
      return failing(connectionId, frame);
    };
    h.fanOut.gone('p2');
    for (const c of ['host', 'p3']) h.fanOut.take(c);
    await h.send('p3', {
      action: 'command',
      commandId: 'hi',
      command: { type: 'say', channel: 'table', text: 'hi' },
    });
    const seq = (await h.store.read(created.gameId)).length;

    const projection = await h.app.project(created.gameId, seq);

    expect(projection).toMatchObject({ kind: 'sent', version: seq, sent: 2, gone: 1, failed: 1 });
    for (const c of ['host', 'p3']) expect(h.fanOut.take(c).some((f) => f.type === 'chat')).toBe(true);
    expect(await h.directory.connection('p2')).toBeNull();
    expect(await h.directory.connection('p1')).not.toBeNull();
    expect(h.meter.get(Metric.postFailed)).toBe(1);
    // Marked projected: the stream does not resend every seat's view for one seat's failure.
    expect(await h.app.project(created.gameId, seq)).toEqual({ kind: 'covered' });
  });
});

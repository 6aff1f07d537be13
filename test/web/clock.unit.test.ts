import { describe, expect, it } from 'vitest';
import { formatSeconds, secondsLeft } from '../../web/src/logic/clock.js';
import { wsUrlOf } from '../../web/src/logic/ws-url.js';

describe('the phase clock', () => {
  const at = 1_000_000;
  it('counts down to the deadline in whole seconds', () => {
    expect(secondsLeft({ id: 'd', at, remaining: 30_000, advisory: false }, at - 29_500)).toBe(30);
    expect(secondsLeft({ id: 'd', at, remaining: 30_000, advisory: false }, at - 1)).toBe(1);
    expect(secondsLeft({ id: 'd', at, remaining: 30_000, advisory: false }, at + 5000)).toBe(0);
  });

  it('never shows more than the step was given (a phone whose clock runs behind)', () => {
    expect(secondsLeft({ id: 'd', at, remaining: 30_000, advisory: false }, at - 90_000)).toBe(30);
  });

  it('shows what a paused clock has left', () => {
    expect(secondsLeft({ id: 'd', at: null, remaining: 12_400, advisory: true }, 0)).toBe(13);
    expect(secondsLeft(null, 0)).toBeNull();
  });

  it('formats minutes and seconds', () => {
    expect(formatSeconds(75)).toBe('1:15');
    expect(formatSeconds(9)).toBe('0:09');
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(24 * 3600)).toBe('24:00:00');
    expect(formatSeconds(3600 + 65)).toBe('1:01:05');
  });
});

describe('the socket URL', () => {
  it('uses config.json when it names a WebSocket URL', () => {
    expect(wsUrlOf({ wsUrl: 'wss://api.example/prod' }, { protocol: 'https:', host: 'x' })).toBe(
      'wss://api.example/prod',
    );
  });

  it('falls back to /ws on the app host, wss behind https', () => {
    expect(wsUrlOf({}, { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws');
    expect(wsUrlOf({ wsUrl: 'ftp://no' }, { protocol: 'https:', host: 'mafia.example' })).toBe(
      'wss://mafia.example/ws',
    );
    expect(wsUrlOf(null, { protocol: 'https:', host: 'mafia.example' })).toBe('wss://mafia.example/ws');
  });
});

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../shared/index.js';
import { SLOW_ONLINE } from '../support/local-table.js';
import { GameClient, is } from '../support/ws-client.js';
import { CHROMIUM_ARGS, PHONE, shot } from './support/browser.js';
import { chromiumPath } from './support/chromium.js';
import { Phone } from './support/phone.js';
import { type Stack, startStack } from './support/stack.js';

/**
 * Fake camera and microphone, granted without asking; host candidates with their real addresses (not mDNS
 * names, which the host-resolver rules of CHROMIUM_ARGS would not resolve), loopback included; sound may
 * play without a tap.
 */
const MEDIA_ARGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * Every RTCPeerConnection a page makes, kept where the test can reach it: the test counts received tracks
 * on the connections themselves, not on what the screen says. Each one's signalling, ICE and connection
 * states and its local candidates go to a log the test prints when an expectation fails.
 */
const RECORD_PEER_CONNECTIONS = () => {
  const made: RTCPeerConnection[] = [];
  const log: string[] = [];
  const start = Date.now();
  const Original = window.RTCPeerConnection;
  class Recorded extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      const n = made.push(this) - 1;
      const note = (what: string) => log.push(`${Date.now() - start}ms pc${n} ${what}`);
      note('new');
      this.addEventListener('signalingstatechange', () => note(`signaling ${this.signalingState}`));
      this.addEventListener('iceconnectionstatechange', () => note(`ice ${this.iceConnectionState}`));
      this.addEventListener('connectionstatechange', () => note(`connection ${this.connectionState}`));
      this.addEventListener('icecandidate', (e) => note(`candidate ${e.candidate?.candidate ?? 'end'}`));
      this.addEventListener('track', (e) => note(`track ${e.track.kind}`));
    }
  }
  window.RTCPeerConnection = Recorded;
  Object.assign(window, { __peerConnections: made, __peerLog: log });
};

type Kind = 'audio' | 'video';
/** seat → the kinds of live media this phone is receiving from that seat (bytes arriving). */
type Received = Record<string, Kind[]>;

/**
 * What a phone receives now, per seat: every tile's media, matched to a receiver of an open peer connection
 * whose inbound RTP has carried bytes.
 */
async function received(page: Page): Promise<Received> {
  return page.evaluate(async () => {
    const tiles: Element[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.tagName === 'SC-VIDEO-TILE') tiles.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    const pcs = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections.filter(
      (pc) => pc.connectionState !== 'closed',
    );
    const out: Record<string, string[]> = {};
    for (const tile of tiles) {
      const seat = tile.getAttribute('data-seat') ?? '';
      const video = tile.shadowRoot?.querySelector('video');
      const stream = video?.srcObject as MediaStream | null | undefined;
      for (const track of stream?.getTracks() ?? []) {
        if (track.readyState !== 'live') continue;
        for (const pc of pcs) {
          const receiver = pc.getReceivers().find((r) => r.track === track);
          if (!receiver) continue;
          let bytes = 0;
          // getStats of a connection closing meanwhile may never answer: give it a second.
          const stats = await Promise.race([
            receiver.getStats(),
            new Promise<RTCStatsReport>((resolve) => setTimeout(() => resolve(new Map()), 1000)),
          ]);
          for (const stat of stats.values())
            if (stat.type === 'inbound-rtp') bytes += stat.bytesReceived ?? 0;
          if (bytes > 0) out[seat] = [...(out[seat] ?? []), track.kind].sort();
        }
      }
    }
    return out as Received;
  });
}

/** Peer connections of a phone that are not closed. */
const openConnections = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections.filter(
        (pc) => pc.connectionState !== 'closed',
      ).length,
  );

/** Waits until what the phone receives is exactly `expected` (media takes a moment to start and to stop). */
async function expectReceived(phone: Phone, expected: Received, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let now: Received = {};
  while (Date.now() < until) {
    now = await received(phone.page);
    if (JSON.stringify(now) === JSON.stringify(expected)) return;
    await phone.page.waitForTimeout(250);
  }
  const log = await phone.page.evaluate(() =>
    (window as unknown as { __peerLog: string[] }).__peerLog.join('\n'),
  );
  console.log(`${phone.name}'s peer connections:\n${log}`);
  expect(now, `${phone.name} receives; peer connections: ${await peerStates(phone.page)}`).toEqual(expected);
}

/** The phone's peer connections as the browser has them, to read when an expectation fails. */
const peerStates = (page: Page) =>
  page.evaluate(() =>
    JSON.stringify(
      (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections.map((pc) => ({
        connection: pc.connectionState,
        signaling: pc.signalingState,
        transceivers: pc
          .getTransceivers()
          .map((t) => [t.receiver.track.kind, t.direction, t.currentDirection]),
      })),
    ),
  );

const AV: Kind[] = ['audio', 'video'];
const everyoneBut = (seat: number, seats: number[]): Received =>
  Object.fromEntries(seats.filter((s) => s !== seat).map((s) => [String(s), AV]));

describe('the video table', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack();
    browser = await chromium.launch({
      executablePath: chromiumPath('shell'),
      headless: true,
      args: [...CHROMIUM_ARGS, ...MEDIA_ARGS],
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  /**
   * Each test's phones close when it ends: left open, their cameras and peer connections would go on
   * encoding and sending beside the next test's, and starve it of the CPU its own links need.
   */
  const opened: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((context) => context.close()));
  });

  async function phone(name: string): Promise<Phone> {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    opened.push(context);
    await context.addInitScript(RECORD_PEER_CONNECTIONS);
    return new Phone(await context.newPage(), name);
  }

  /** A room driven over the socket by its host, dealt by hand, with these players on their phones. */
  async function videoRoom(names: string[], deal: Array<[number, 'mafia' | 'don']>) {
    const host = await GameClient.open(stack.server.wsUrl);
    const { code } = await host.create({ ...SLOW_ONLINE, dealing: 'manual' });
    const phones: Phone[] = [];
    for (const name of names) {
      const p = await phone(name);
      await p.join(stack.url, code);
      phones.push(p);
    }
    for (const [seat, role] of deal)
      expect((await host.command({ type: 'assignRole', seat, role })).type).toBe('ack');
    return { host, code, phones };
  }

  it('links seats as the phase allows: all by day, the mafia alone at night, and only after both agree to talk', async () => {
    // given a room of four — mafia 1, Don 2, civilians 3 and 4 — whose host drives it over the socket
    const { host, code, phones } = await videoRoom(
      ['Ann', 'Ben', 'Cid', 'Dee'],
      [
        [1, 'mafia'],
        [2, 'don'],
      ],
    );
    const seats = [1, 2, 3, 4];
    const [ann, ben, cid, dee] = phones;

    // every phone joins the video table in the lobby, where everyone sees everyone
    for (const p of phones) await p.page.getByRole('button', { name: 'Join the video table' }).click();
    for (const [i, p] of phones.entries()) await expectReceived(p, everyoneBut(seats[i], seats));

    // when the game starts: the introduction night (A8)
    expect((await host.command({ type: 'start' })).type).toBe('ack');
    // then the mafia see each other, without sound, and their teammate is highlighted
    await expectReceived(ann, { '2': ['video'] });
    await expectReceived(ben, { '1': ['video'] });
    await ann.page.locator('sc-video-tile[data-seat="2"][teammate]').waitFor();
    await shot(ann.page, 'video-intro-mafia');
    // and the phase change closed every link of the town: no connection, no track
    for (const p of [cid, dee]) {
      await expectReceived(p, {});
      expect(await openConnections(p.page)).toBe(0);
    }

    // when the mafia know their team, day 1 comes
    for (const p of [ann, ben]) await p.page.getByRole('button', { name: 'I know my team' }).click();
    await host.waitForView((v) => v.phase.kind === 'day', 20_000);
    // then every seat receives every other seat's sound and picture
    for (const [i, p] of phones.entries()) await expectReceived(p, everyoneBut(seats[i], seats));
    await shot(cid.page, 'video-day');

    // when the day runs out and night 1 falls
    let phase = await stack.jumpToDeadline(code);
    while (phase.kind !== 'night') phase = await stack.jumpToDeadline(code);
    expect(phase.round).toBe(1);
    // then nobody receives anything: the mafia have not agreed to talk yet
    for (const p of phones) await expectReceived(p, {});

    // when both mafiosi turn the mafia microphone on (A3)
    for (const p of [ann, ben])
      await p.page.getByRole('button', { name: 'Turn the mafia microphone on' }).click();
    await ann.page.getByText('The mafia microphone is on — only your team hears you').waitFor();
    // then they hear each other, and see nothing; the town still receives no track from any mafioso
    await expectReceived(ann, { '2': ['audio'] });
    await expectReceived(ben, { '1': ['audio'] });
    await shot(ann.page, 'video-mafia-mic');
    for (const p of [cid, dee]) {
      await expectReceived(p, {});
      expect(await openConnections(p.page)).toBe(0);
    }

    // a civilian's forged signal to a mafioso is refused and reaches nobody
    const cidToken = await cid.page.evaluate(
      (gameId) =>
        (JSON.parse(localStorage.getItem(`sc.game.${gameId}.seat`) ?? '{}') as { token?: string }).token ??
        '',
      host.gameId,
    );
    expect(cidToken).not.toBe('');
    const forger = await GameClient.open(stack.server.wsUrl);
    await forger.resume(host.gameId, cidToken);
    const refused = await forger.request(
      {
        action: 'signal',
        to: 1,
        payload: { kind: 'description', pc: 'forged', description: { type: 'offer', sdp: 'v=0\r\n' } },
      },
      (f): f is Extract<ServerFrame, { type: 'error' }> => f.type === 'error',
    );
    expect(refused.code).toBe('link_forbidden');
    await forger.request({ action: 'ping' }, is('pong'));
    await forger.close();
    await expectReceived(ann, { '2': ['audio'] });
    await host.close();
  }, 480_000);

  it('hears the last word: a player shot at night is seen, heard and read by all until his last word ends', async () => {
    // given four at the video table — mafioso 1, civilians 2 to 4 — on the first night
    const { host, code, phones } = await videoRoom(['Ann', 'Bob', 'Cleo', 'Dan'], [[1, 'mafia']]);
    const [ann, bob, cleo, dan] = phones;
    for (const p of phones) await p.page.getByRole('button', { name: 'Join the video table' }).click();
    expect((await host.command({ type: 'start' })).type).toBe('ack');
    let phase = await stack.jumpToDeadline(code);
    while (phase.kind !== 'night') phase = await stack.jumpToDeadline(code);

    // when the mafia shoots Cleo and the morning opens with her last word
    await ann.target(3);
    for (const p of phones)
      await p.page.locator('sc-phase-bar', { hasText: '3 · Cleo holds the floor' }).waitFor();
    await cleo.page.getByText('Your last word').waitFor();
    // then every phone receives her sound and picture, and she still receives everyone's
    await expectReceived(ann, { '2': AV, '3': AV, '4': AV });
    await expectReceived(bob, { '1': AV, '3': AV, '4': AV });
    await expectReceived(dan, { '1': AV, '2': AV, '3': AV });
    await expectReceived(cleo, { '1': AV, '2': AV, '4': AV });
    await shot(cleo.page, 'video-last-word');
    // and what she writes goes to the table: the living read it, with no "The dead" tag on it
    const chat = cleo.page.locator('sc-chat-panel');
    await expect(chat.getByLabel('Message').getAttribute('placeholder')).resolves.toBe('Table');
    await chat.getByLabel('Message').fill('It was Ann, believe me');
    await chat.getByRole('button', { name: 'Send' }).click();
    const line = bob.page.locator('sc-chat-panel li', { hasText: 'It was Ann, believe me' });
    await line.waitFor();
    expect(await line.locator('.tag').count()).toBe(0);

    // when she ends her last word
    await cleo.endSpeech();
    await bob.waitForPhase('Day 2', 'Discussion');
    // then nobody receives her any more, and she goes on watching and listening
    await expectReceived(ann, { '2': AV, '4': AV });
    await expectReceived(bob, { '1': AV, '4': AV });
    await expectReceived(cleo, { '1': AV, '2': AV, '4': AV });
    await host.close();
  }, 480_000);

  it('sits at the video table again after a rematch, without a tap, and the home list says where each game stands', async () => {
    // given four at the video table — mafioso 1, civilians 2 to 4 — in a game the host ends
    const { host, code, phones } = await videoRoom(['Ann', 'Bob', 'Cleo', 'Dan'], [[1, 'mafia']]);
    const seats = [1, 2, 3, 4];
    for (const p of phones) await p.page.getByRole('button', { name: 'Join the video table' }).click();
    for (const [i, p] of phones.entries()) await expectReceived(p, everyoneBut(seats[i], seats));
    expect((await host.command({ type: 'start' })).type).toBe('ack');
    for (const seat of [2, 3])
      expect((await host.command({ type: 'disqualify', seat, reason: 'Left early' })).type).toBe('ack');
    for (const p of phones) await p.waitForPhase('Game over');

    // when the host opens a rematch
    const opened = await host.request(
      { action: 'rematch' },
      (f): f is Extract<ServerFrame, { type: 'created' }> => f.type === 'created',
    );
    // then every phone follows to the new lobby and is at its video table again, seeing everyone, untouched
    for (const p of phones) await p.page.locator('sc-lobby-page .code', { hasText: opened.code }).waitFor();
    for (const [i, p] of phones.entries()) await expectReceived(p, everyoneBut(seats[i], seats));
    for (const p of phones)
      expect(await p.page.getByRole('button', { name: 'Join the video table' }).count()).toBe(0);
    await shot(phones[1].page, 'video-rematch');

    // and the home list shows the rematch in the lobby and the game before it finished
    const ann = phones[0].page;
    await ann.goto(`${stack.url}/#/`);
    const recent = ann.locator('sc-home-page section[aria-labelledby="recent-h"] li');
    await recent.filter({ hasText: opened.code }).getByText('in the lobby').waitFor();
    await recent.filter({ hasText: code }).getByText('finished').waitFor();
    await host.close();
  }, 300_000);
});

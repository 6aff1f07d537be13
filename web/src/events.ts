import type { Command } from '../../shared/engine/commands.js';
import type { ChatMessage } from '../../shared/log/records.js';
import type { SettingsInput } from '../../shared/rules/settings.js';
import type { CommandResult } from './controllers/game-socket.js';
import type { DealChoice } from './logic/deal.js';
import type { Locale } from './logic/locale-pick.js';

/**
 * A command for the game, raised by a page and sent by the app shell over the room's socket. The shell
 * answers on the event itself, while it is being dispatched, with the promise of the server's answer.
 */
export interface CommandEvent extends CustomEvent<Command> {
  result?: Promise<CommandResult>;
}

export interface CreateDetail {
  settings: SettingsInput;
  name: string;
  /** "I host and I play": the host also takes a seat from this phone. */
  play?: boolean;
}
/** A judge opens his table's game of a tournament round, hosting it from this phone. */
export interface OpenTableDetail {
  tournamentId: string;
  key: string;
  round: number;
  table: number;
  name: string;
}
export interface JoinDetail {
  code: string;
  name: string;
}

/** Dispatches a bubbling, composed event: it crosses shadow roots up to the page or the app shell. */
export function fire<T>(from: EventTarget, type: string, detail: T): void {
  from.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
}

/**
 * The game commands a page sends, without `as` typing gymnastics at every call site. Resolves with the
 * server's ack or refusal (a refusal is also shown by the shell), or null when nothing sent it.
 */
export function command(from: EventTarget, c: Command): Promise<CommandResult | null> {
  const e: CommandEvent = new CustomEvent<Command>('sc-command', {
    detail: c,
    bubbles: true,
    composed: true,
  });
  from.dispatchEvent(e);
  return e.result ?? Promise.resolve(null);
}

export type LocaleEvent = CustomEvent<Locale>;

/** The events the app shell listens for, typed for `addEventListener`. */
declare global {
  interface HTMLElementEventMap {
    'sc-command': CommandEvent;
    'sc-create': CustomEvent<CreateDetail>;
    'sc-join': CustomEvent<JoinDetail>;
    'sc-open-table': CustomEvent<OpenTableDetail>;
    /** Watch the room with this code as a spectator. */
    'sc-watch': CustomEvent<string>;
    'sc-locale': CustomEvent<Locale>;
    /** The sound-and-vibration switch: true mutes. */
    'sc-mute': CustomEvent<boolean>;
    'sc-seat-guest': CustomEvent<string>;
    'sc-thread': ThreadEvent;
    'sc-push': PushEvent;
    'sc-leave': CustomEvent<null>;
    /** A judge's choice of how the roles are dealt (`logic/deal.ts`). */
    'sc-deal': CustomEvent<DealChoice>;
  }
}

/** A page of the table channel's whole history (the `thread` frame). */
export interface ThreadPage {
  from: number;
  total: number;
  messages: ChatMessage[];
}

/** Asks the shell for the thread's page ending before message `before` (the latest page without it). */
export interface ThreadEvent extends CustomEvent<{ before?: number }> {
  result?: Promise<ThreadPage | null>;
}

export function threadPage(from: EventTarget, before?: number): Promise<ThreadPage | null> {
  const e: ThreadEvent = new CustomEvent('sc-thread', {
    detail: before === undefined ? {} : { before },
    bubbles: true,
    composed: true,
  });
  from.dispatchEvent(e);
  return e.result ?? Promise.resolve(null);
}

/**
 * Push subscription through the shell's socket: no detail asks for the VAPID key, `subscription` hands the
 * browser's subscription to the server with the `serverKey` it was made with. The answer: the key, true
 * when kept, null when push is off.
 */
export interface PushDetail {
  subscription: PushSubscriptionJSON;
  serverKey: string;
}

export interface PushEvent extends CustomEvent<Partial<PushDetail>> {
  result?: Promise<string | boolean | null>;
}

export function pushRequest(from: EventTarget, detail?: PushDetail): Promise<string | boolean | null> {
  const e: PushEvent = new CustomEvent('sc-push', { detail: detail ?? {}, bubbles: true, composed: true });
  from.dispatchEvent(e);
  return e.result ?? Promise.resolve(null);
}

import type { Command } from '../../shared/engine/commands.js';
import type { SettingsInput } from '../../shared/rules/settings.js';
import type { CommandResult } from './controllers/game-socket.js';
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
    'sc-locale': CustomEvent<Locale>;
    /** The sound-and-vibration switch: true mutes. */
    'sc-mute': CustomEvent<boolean>;
    'sc-seat-guest': CustomEvent<string>;
    'sc-leave': CustomEvent<null>;
  }
}

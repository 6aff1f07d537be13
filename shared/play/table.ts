import type { Actor, Rejection } from '../domain/vocabulary.js';
import { type Command, parseCommand } from '../engine/commands.js';
import { createGame, type Decision, decide, joinGame } from '../engine/decide.js';
import { evolve } from '../engine/evolve.js';
import { type GameState, initialState } from '../engine/state.js';
import type { GameEvent } from '../log/events.js';
import type { SettingsInput } from '../rules/settings.js';

/** 2026-01-01T00:00:00Z: the virtual clock's start, so recorded times read like real ones. */
export const VIRTUAL_EPOCH = 1_767_225_600_000;

/**
 * A game held in memory with a virtual clock: the CLI's `play`, the scenario files and the rules tests
 * drive the same decider the servers do, one command at a time.
 */
export class Table {
  state: GameState = initialState;
  version = 0;
  now = VIRTUAL_EPOCH;
  readonly log: GameEvent[][] = [];

  private apply(d: Decision): Rejection | null {
    if (!d.ok) return d.rejection;
    if (d.events.length === 0) return null;
    for (const e of d.events) this.state = evolve(this.state, e);
    this.log.push(d.events);
    this.version++;
    return null;
  }

  create(settings: SettingsInput, hostName = 'Host'): Rejection | null {
    return this.apply(createGame(settings, hostName, { actor: 'host', now: this.now }));
  }

  join(name: string, seat?: number): Rejection | null {
    return this.apply(joinGame(this.state, name, seat, { actor: 'system', now: this.now }));
  }

  /** Sends a raw command (checked like any client's) from an actor; returns the rejection, if any. */
  send(actor: Actor, raw: unknown, seed?: number): Rejection | null {
    const parsed = parseCommand(raw);
    if (!parsed.ok) return { code: 'bad_command', message: parsed.message };
    return this.apply(decide(this.state, parsed.command, { actor, now: this.now, seed }));
  }

  command(actor: Actor, command: Command, seed?: number): Rejection | null {
    return this.send(actor, command, seed);
  }

  /** The deadline the game master would fire next, or null (none pending, paused, or advisory). */
  nextDeadline(): { id: string; at: number } | null {
    const d = this.state.deadline;
    if (!d || d.at === null || d.advisory) return null;
    return { id: d.id, at: d.at };
  }

  /** Moves the clock to the next deadline and fires it. False when none is pending. */
  jump(): boolean {
    const d = this.nextDeadline();
    if (!d) return false;
    this.now = Math.max(this.now, d.at);
    this.send('system', { type: 'timeUp', deadlineId: d.id });
    return true;
  }

  /** Lets `seconds` pass, firing every deadline that falls due on the way. */
  wait(seconds: number): void {
    const until = this.now + seconds * 1000;
    for (let d = this.nextDeadline(); d && d.at <= until; d = this.nextDeadline()) this.jump();
    this.now = until;
  }
}

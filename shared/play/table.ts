import { type LogCommit, sealCommit } from '../audit/chain.js';
import { type RecordedCommand, redecide } from '../audit/command.js';
import type { Actor, Rejection } from '../domain/vocabulary.js';
import { type Command, parseCommand } from '../engine/commands.js';
import { evolve } from '../engine/evolve.js';
import { type GameState, initialState } from '../engine/state.js';
import type { GameEvent } from '../log/events.js';
import type { SettingsInput } from '../rules/settings.js';

/** One accepted command of a table and what it produced. */
export interface Played {
  actor: Actor;
  at: number;
  command: RecordedCommand;
  events: GameEvent[];
}

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
  readonly played: Played[] = [];

  /** The events of each accepted command, in order. */
  get log(): GameEvent[][] {
    return this.played.map((p) => p.events);
  }

  /** Decides a command exactly as the server does (and as an audit does again), and records it. */
  private apply(actor: Actor, command: RecordedCommand): Rejection | null {
    const d = redecide(this.state, { actor: String(actor), at: this.now, command });
    if (!d.ok) return 'unreadable' in d ? { code: 'bad_command', message: d.unreadable } : d.rejection;
    if (d.events.length === 0) return null;
    for (const e of d.events) this.state = evolve(this.state, e);
    this.played.push({ actor, at: this.now, command, events: d.events });
    this.version++;
    return null;
  }

  /** `hostDevice`: the hash of the host's device key, as the server records it. */
  create(settings: SettingsInput, hostName = 'Host', hostDevice?: string): Rejection | null {
    return this.apply('host', {
      type: 'create',
      settings,
      hostName,
      ...(hostDevice === undefined ? {} : { hostDevice }),
    });
  }

  /** `device`: the hash of the phone's device key, as the server records it. */
  join(name: string, seat?: number, device?: string): Rejection | null {
    return this.apply('system', {
      type: 'join',
      name,
      ...(seat === undefined ? {} : { seat }),
      ...(device === undefined ? {} : { device }),
    });
  }

  /** Sends a raw command (checked like any client's) from an actor; returns the rejection, if any. */
  send(actor: Actor, raw: unknown, seed?: number): Rejection | null {
    const parsed = parseCommand(raw);
    if (!parsed.ok) return { code: 'bad_command', message: parsed.message };
    return this.apply(actor, seed === undefined ? parsed.command : { ...parsed.command, seed });
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

/**
 * The table's game as a log: one sealed commit per accepted command, as a server would have written it;
 * `release` is recorded in the first commit as the server records its own.
 */
export function tableLog(table: Table, gameId: string, release?: string): LogCommit[] {
  const commits: LogCommit[] = [];
  for (const [i, p] of table.played.entries()) {
    const seq = i + 1;
    const commandId = p.command.type === 'create' ? 'create' : `${p.command.type}:${seq}`;
    const prevHash = commits[i - 1]?.hash ?? '';
    commits.push(
      sealCommit({
        gameId,
        seq,
        commandId,
        actor: String(p.actor),
        at: p.at,
        command: release !== undefined && p.command.type === 'create' ? { ...p.command, release } : p.command,
        events: p.events,
        prevHash,
      }),
    );
  }
  return commits;
}

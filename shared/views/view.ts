import { totals } from '../audit/points.js';
import { keepsSheet, sheetOf } from '../audit/sheets.js';
import type { Seat } from '../domain/vocabulary.js';
import { wakeGroupsTonight } from '../engine/flow.js';
import { mayOf } from '../engine/may.js';
import type { GameState } from '../engine/state.js';
import { blockMayCome, targetsOf } from '../engine/targets.js';
import type { ChatMessage, NightAction, NightReport } from '../log/records.js';
import { nightInputOf, resolveNight } from '../night/resolve.js';
import {
  ABILITIES,
  abilitiesOf,
  blockedBy,
  countsAsMafiaNow,
  dealtSeats,
  dealtToWake,
  ROLES,
  roleOf,
  teammatesOf,
  wakersOf,
} from '../roles/index.js';
import { allRuleSets, ruleSetOf } from '../rules/rule-sets.js';
import { isMafioso, mafiaMicOn } from '../video/links.js';
import { CHANNELS } from './chat-pages.js';
import { dayEndOf } from './day-end.js';
import { storyOf } from './story.js';
import type { GameView, HostView, RuleSetViewParts, SeatView, Viewer, YouView } from './types.js';
import { undoStepOf } from './undo.js';

/** The analyst, and a host who does not play (narrator, moderator), see everything; an auto room's host may play. */
export const isPrivileged = (s: GameState, viewer: Viewer) =>
  viewer.kind === 'analyst' || (viewer.kind === 'host' && s.settings.master !== 'auto');

/**
 * An automatic room's host who holds no seat: his phone's device key is no seat's. Only a host whose phone
 * sent its key is known not to play; without it he may be at the table and is told nothing more.
 */
export const hostSitsOut = (s: GameState): boolean =>
  s.settings.master === 'auto' && s.hostDevice !== null && !Object.values(s.devices).includes(s.hostDevice);

/**
 * Who has acted tonight, not what nor on whom: for the automatic room's host who does not play, so he
 * knows whom the night waits for. Never for anyone at the table.
 */
function actedTonight(s: GameState, viewer: Viewer): Seat[] | null {
  if (viewer.kind !== 'host' || !hostSitsOut(s) || s.forum) return null;
  if (s.phase.kind !== 'night' || s.phase.round === 0) return null;
  return [...new Set(s.actions.map((a) => a.seat))].sort((a, b) => a - b);
}

/** The seats whose roles a viewer may know (B3, C10, C23): never decided by removing secrets from a copy. */
export function visibleRoles(s: GameState, viewer: Viewer): Set<Seat> {
  if (isPrivileged(s, viewer) || s.phase.kind === 'over' || deadSeesAll(s, viewer))
    return new Set(dealtSeats(s));
  const seen = new Set<Seat>();
  if (s.settings.revealRoles) for (const e of s.eliminated) seen.add(e.seat);
  if (viewer.kind === 'seat') {
    if (roleOf(s, viewer.seat)) {
      seen.add(viewer.seat);
      for (const mate of teammatesOf(s, viewer.seat)) seen.add(mate);
    }
  }
  return seen;
}

/** A dealt player who is out, where the host allows the dead to see every role. */
const deadSeesAll = (s: GameState, viewer: Viewer) =>
  viewer.kind === 'seat' &&
  s.settings.deadSeeRoles === true &&
  s.phase.kind !== 'lobby' &&
  viewer.seat in s.roles &&
  !s.alive.includes(viewer.seat);

/**
 * The table's rows as anyone may see them, no role shown: the same for every viewer of a state, so built
 * once per state and shared by all of its views (they are serialised, never changed).
 */
function publicSeats(s: GameState): readonly SeatView[] {
  let rows = publicRows.get(s);
  if (rows === undefined) {
    rows = Object.keys(s.names)
      .map(Number)
      .sort((a, b) => a - b)
      .map((seat) => ({
        seat,
        name: s.names[seat],
        alive: s.phase.kind === 'lobby' || s.alive.includes(seat),
        role: null,
        team: null,
        fouls: s.fouls[seat] ?? 0,
        remarks: s.remarks[seat] ?? 0,
        extraPoints: s.extraPoints[seat] ?? null,
        disqualifiedFor: s.disqualifications.find((d) => d.seat === seat)?.reason ?? null,
      }));
    publicRows.set(s, rows);
  }
  return rows;
}

const publicRows = new WeakMap<GameState, readonly SeatView[]>();

/** The public rows, with the role and team of each seat the viewer may know written into a row of his own. */
function seatViews(s: GameState, visible: Set<Seat>): SeatView[] {
  return publicSeats(s).map((row) =>
    visible.has(row.seat)
      ? { ...row, role: roleOf(s, row.seat) ?? null, team: ruleSetOf(s).teamOf(s, row.seat) ?? null }
      : row,
  );
}

/** A block on the checker spoils his check: he learns nothing (E13). */
export const blockedIn = (s: GameState, actions: NightAction[], seat: Seat) => blockedBy(s, actions, seat);

/**
 * A check's answer reaches the checker unless he was blocked; at a night where all act at once, only when
 * nobody who could still block him is left to act.
 */
function checksOf(s: GameState, seat: Seat): YouView['checks'] {
  const own = (a: NightAction) => a.seat === seat && a.result !== undefined;
  const answers = (round: number, actions: NightAction[]) =>
    blockedIn(s, actions, seat)
      ? []
      : actions.filter(own).map((a) => ({ round, target: a.target, result: a.result! }));
  const past = s.nights.flatMap((n: NightReport) => answers(n.round, n.actions));
  if (s.phase.kind !== 'night') return past;
  return blockMayCome(s) ? past : [...past, ...answers(s.phase.round, s.actions)];
}

function youOf(s: GameState, seat: Seat): YouView {
  const role = roleOf(s, seat) ?? null;
  const night =
    s.phase.kind === 'night' &&
    s.phase.round > 0 &&
    (s.phase.stage === 'actions' || s.phase.stage === 'wake');
  const alive = s.alive.includes(seat) || s.phase.kind === 'lobby';
  // A family with moves of its own offers them in `may` alone (`RuleSet.actOffers`), with nothing in `you`.
  const abilities =
    role && night && alive && ruleSetOf(s).tableMoves
      ? abilitiesOf(s, seat)
          .filter((key) => s.phase.stage === 'actions' || ABILITIES[key].wake === s.wake)
          .map((key) => {
            const { verb, wake } = ABILITIES[key];
            const done = s.actions.find((x) => x.seat === seat && x.ability === verb);
            return {
              ability: verb,
              wake,
              done: Boolean(done),
              target: done?.target ?? null,
              targets: done ? [] : targetsOf(s, seat, key),
            };
          })
      : [];
  const teammates = role ? teammatesOf(s, seat) : [];
  return {
    seat,
    alive,
    role,
    team: ruleSetOf(s).teamOf(s, seat) ?? null,
    teammates,
    abilities,
    teamShots:
      s.phase.kind === 'night'
        ? s.actions
            .filter((a) => a.ability === 'shoot' && teammates.includes(a.seat))
            .map((a) => ({ seat: a.seat, target: a.target }))
        : [],
    checks: checksOf(s, seat),
    moves: s.nights.flatMap((n) =>
      n.actions
        .filter(
          (a) => a.seat === seat && a.result === undefined && a.ability !== 'shoot' && a.ability !== 'check',
        )
        .map((a) => ({ round: n.round, ability: a.ability, target: a.target })),
    ),
    knowTeam: s.phase.stage === 'intro' && s.known.includes(seat),
    mafiaMic: alive && isMafioso(s, seat) ? mafiaMicOn(s) : [],
    card: s.picks[seat] ?? null,
  };
}

function hostOf(s: GameState): HostView {
  const night = s.phase.kind === 'night' && s.phase.round > 0;
  const groups = night ? (s.phase.stage === 'wake' && s.wake ? [s.wake] : wakeGroupsTonight(s)) : [];
  const script = groups.flatMap((wake) => {
    const seats = wakersOf(s, wake);
    // A group with nobody left alive is still called (wakeGroupsOfDeal): its ability is the deal's.
    const key = (
      seats.length > 0 ? abilitiesOf(s, seats[0]) : Object.values(s.roles).flatMap((r) => ROLES[r].abilities)
    ).find((k) => ABILITIES[k].wake === wake);
    if (!key) return [];
    const ability = ABILITIES[key].verb;
    const done =
      (seats.length > 0 &&
        seats.every((seat) => s.actions.some((a) => a.seat === seat && a.ability === ability))) ||
      (wake === 'mafia' && s.recordedShot !== null);
    return [{ wake, seats, ability, done }];
  });

  return {
    roles: { ...s.roles },
    phoneless: Object.keys(s.names)
      .map(Number)
      .filter((seat) => !(seat in s.devices))
      .sort((a, b) => a - b),
    wake: s.wake,
    script,
    jointWakes: [
      ...new Set(
        Object.values(ABILITIES)
          .filter((a) => a.joint)
          .map((a) => a.wake),
      ),
    ],
    actions: s.actions,
    recordedShot: s.recordedShot,
    meeting:
      s.phase.stage !== 'intro'
        ? null
        : s.wake
          ? { wake: s.wake, seats: dealtToWake(s, s.wake) }
          : { wake: null, seats: s.alive.filter((seat) => countsAsMafiaNow(s, seat)) },
    preview: night ? resolveNight(nightInputOf(s)).outcomes : null,
    undo: undoStepOf(s),
  };
}

/** Builds what one viewer may see. Every field is chosen for the viewer; nothing secret is copied in. */
export function viewFor(s: GameState, viewer: Viewer): GameView {
  const visible = visibleRoles(s, viewer);
  const seat = viewer.kind === 'seat' ? viewer.seat : null;
  const privileged = isPrivileged(s, viewer);
  const over = s.phase.kind === 'over';
  const morning =
    s.lastNight && s.phase.kind === 'day' && s.lastNight.round === s.phase.round - 1
      ? { round: s.lastNight.round, killed: s.lastNight.deaths.map((d) => d.seat) }
      : null;
  return {
    viewer: viewer.kind,
    seat,
    hostName: s.hostName,
    settings: s.settings,
    phase: s.phase,
    speaker: s.speaker,
    muted: s.muted,
    clock: s.deadline
      ? {
          id: s.deadline.id,
          at: s.deadline.at,
          remaining: s.deadline.remaining,
          advisory: s.deadline.advisory,
        }
      : null,
    seats: seatViews(s, visible),
    you: seat !== null && seat in s.names ? youOf(s, seat) : null,
    may: viewer.kind === 'host' ? mayOf(s, 'host') : seat !== null && seat in s.names ? mayOf(s, seat) : [],
    nominations: s.day?.nominations ?? [],
    ready: s.day?.ready ?? [],
    ballot: s.ballot,
    ballots: s.ballots,
    morning,
    cards: s.deck ? { count: s.deck.length, picked: { ...s.picks } } : null,
    // The best move is named aloud at the table (sport-rules.md): public.
    bestMove: s.bestMove,
    eliminated: s.eliminated,
    over,
    winner: over ? s.winner : null,
    winners: over ? s.winners : [],
    points: totals(s),
    host: privileged ? hostOf(s) : null,
    acted: actedTonight(s, viewer),
    sheet: keepsSheet(s) && (privileged || over) ? sheetOf(s) : null,
    ...(Object.assign(
      {},
      ...allRuleSets().map((r) => r.view(s, viewer, privileged || over)),
    ) as RuleSetViewParts),
    dayEnd: dayEndOf(s),
    // The new room's code seats whoever holds it: it goes to the table, not to those watching it.
    rematch: viewer.kind === 'spectator' ? null : s.rematch,
    receipt: viewer.kind === 'spectator' ? null : s.receipt,
    story: over ? storyOf(s) : null,
    // The channels, not their messages: those come in pages and `chat` frames, so a view is as large
    // however long the game talked.
    chat: CHANNELS.filter((channel) => canRead(s, viewer, channel)),
  };
}

/** The latest messages the state keeps of every channel the viewer may read (canRead), oldest first. */
export const chatFor = (s: GameState, viewer: Viewer): ChatMessage[] =>
  s.chat.filter((m) => canRead(s, viewer, m.channel));

/** Each channel is read only by those it is for: the mafia's by the mafia, the dead's by the dead (A3). */
export function canRead(s: GameState, viewer: Viewer, channel: 'table' | 'mafia' | 'dead'): boolean {
  if (isPrivileged(s, viewer) || s.phase.kind === 'over') return true;
  if (channel === 'table') return true;
  if (viewer.kind !== 'seat') return false;
  // A mafioso who is out reads the dead's channel, no longer the living mafia's plans.
  if (channel === 'mafia') return s.alive.includes(viewer.seat) && countsAsMafiaNow(s, viewer.seat);
  return !s.alive.includes(viewer.seat) && s.phase.kind !== 'lobby';
}

import { totals } from '../audit/points.js';
import { buildSheet } from '../audit/sheet.js';
import type { RoleId, Seat } from '../domain/vocabulary.js';
import { wakeGroupsTonight } from '../engine/flow.js';
import { CHAT_KEPT, type GameState } from '../engine/state.js';
import type { NightAction } from '../log/records.js';
import { resolveNight } from '../night/resolve.js';
import { ROLES } from '../roles/index.js';
import { isMafioso, mafiaMicOn } from '../video/links.js';
import type { GameView, HostView, SeatView, Viewer, YouView } from './types.js';

const roleOf = (s: GameState, seat: Seat) => s.roles[seat] as RoleId | undefined;

/**
 * A view carries only the latest chat messages the viewer may read: a chatty game must stay far below API
 * Gateway's 128 KB message limit. The whole conversation stays in the log for replays.
 */
export const CHAT_IN_VIEW = CHAT_KEPT;

/** The analyst, and a host who does not play (narrator, moderator), see everything; an auto room's host may play. */
const isPrivileged = (s: GameState, viewer: Viewer) =>
  viewer.kind === 'analyst' || (viewer.kind === 'host' && s.settings.master !== 'auto');

/** The seats whose roles a viewer may know (B3, C10, C23): never decided by removing secrets from a copy. */
function visibleRoles(s: GameState, viewer: Viewer): Set<Seat> {
  const all = Object.keys(s.roles).map(Number);
  if (isPrivileged(s, viewer) || s.phase.kind === 'over') return new Set(all);
  const seen = new Set<Seat>();
  if (s.settings.revealRoles) for (const e of s.eliminated) seen.add(e.seat);
  if (viewer.kind === 'seat') {
    const mine = roleOf(s, viewer.seat);
    if (mine) {
      seen.add(viewer.seat);
      for (const mate of teammatesOf(s, viewer.seat, mine)) seen.add(mate);
    }
  }
  return seen;
}

/** Mafiosi and the Don know each other; Masons know Masons (C10). */
const sameKind = (a: RoleId, b: RoleId) => (a === 'mason') === (b === 'mason');

const knowEachOther = (a: RoleId, b: RoleId) =>
  ROLES[a].knowsTeam && ROLES[b].knowsTeam && ROLES[a].team === ROLES[b].team && sameKind(a, b);

function teammatesOf(s: GameState, seat: Seat, role: RoleId): Seat[] {
  return Object.keys(s.roles)
    .map(Number)
    .filter((x) => x !== seat && knowEachOther(role, roleOf(s, x) as RoleId))
    .sort((a, b) => a - b);
}

function seatViews(s: GameState, visible: Set<Seat>): SeatView[] {
  return Object.keys(s.names)
    .map(Number)
    .sort((a, b) => a - b)
    .map((seat) => ({
      seat,
      name: s.names[seat],
      alive: s.phase.kind === 'lobby' || s.alive.includes(seat),
      role: visible.has(seat) ? (roleOf(s, seat) ?? null) : null,
      fouls: s.fouls[seat] ?? 0,
      remarks: s.remarks[seat] ?? 0,
      extraPoints: s.extraPoints[seat] ?? null,
      disqualifiedFor: s.disqualifications.find((d) => d.seat === seat)?.reason ?? null,
    }));
}

function youOf(s: GameState, seat: Seat): YouView {
  const role = roleOf(s, seat) ?? null;
  const night =
    s.phase.kind === 'night' &&
    s.phase.round > 0 &&
    (s.phase.stage === 'actions' || s.phase.stage === 'wake');
  const alive = s.alive.includes(seat) || s.phase.kind === 'lobby';
  const abilities =
    role && night && alive
      ? ROLES[role].abilities
          .filter((a) => s.phase.stage === 'actions' || a.wake === s.wake)
          .map((a) => {
            const done = s.actions.find((x) => x.seat === seat && x.ability === a.id);
            return { ability: a.id, wake: a.wake, done: Boolean(done), target: done?.target ?? null };
          })
      : [];
  const teammates = role ? teammatesOf(s, seat, role) : [];
  const own = (a: NightAction) => a.seat === seat && a.result !== undefined;
  const past = s.nights.flatMap((n) =>
    n.actions.filter(own).map((a) => ({ round: n.round, target: a.target, result: a.result! })),
  );
  const now =
    s.phase.kind === 'night'
      ? s.actions.filter(own).map((a) => ({ round: s.phase.round, target: a.target, result: a.result! }))
      : [];
  return {
    seat,
    alive,
    role,
    team: role ? ROLES[role].team : null,
    teammates,
    abilities,
    teamShots:
      s.phase.kind === 'night'
        ? s.actions
            .filter((a) => a.ability === 'shoot' && teammates.includes(a.seat))
            .map((a) => ({ seat: a.seat, target: a.target }))
        : [],
    checks: [...past, ...now],
    knowTeam: s.phase.stage === 'intro' && s.known.includes(seat),
    mafiaMic: alive && isMafioso(s, seat) ? mafiaMicOn(s) : [],
    card: s.picks[seat] ?? null,
  };
}

function hostOf(s: GameState): HostView {
  const night = s.phase.kind === 'night' && s.phase.round > 0;
  const groups = night ? (s.phase.stage === 'wake' && s.wake ? [s.wake] : wakeGroupsTonight(s)) : [];
  const script = groups.flatMap((wake) => {
    const seats = s.alive.filter((seat) =>
      ROLES[roleOf(s, seat) as RoleId].abilities.some((a) => a.wake === wake),
    );
    // A group with nobody left alive is still called (see wakeGroupsOfDeal): its ability comes from the deal.
    const member = Object.values(s.roles).find((role) =>
      ROLES[role as RoleId].abilities.some((a) => a.wake === wake),
    ) as RoleId;
    const ability = ROLES[member].abilities.find((a) => a.wake === wake)!.id;
    const done =
      (seats.length > 0 &&
        seats.every((seat) => s.actions.some((a) => a.seat === seat && a.ability === ability))) ||
      (wake === 'mafia' && s.recordedShot !== null);
    return [{ wake, seats, ability, done }];
  });
  return {
    roles: { ...s.roles },
    wake: s.wake,
    script,
    actions: s.actions,
    recordedShot: s.recordedShot,
    preview: night
      ? resolveNight({
          round: s.phase.round,
          alive: s.alive,
          roles: s.roles,
          actions: s.actions,
          recordedShot: s.recordedShot,
          settings: s.settings,
        }).outcomes
      : null,
    canUndo: s.undo.length > 0,
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
    nominations: s.day?.nominations ?? [],
    ballot: s.ballot,
    ballots: s.ballots,
    morning,
    chat: s.chat.filter((m) => canRead(s, viewer, m.channel)).slice(-CHAT_IN_VIEW),
    cards: s.deck ? { count: s.deck.length, picked: { ...s.picks } } : null,
    // The best move is named aloud at the table (sport-rules.md): public.
    bestMove: s.bestMove,
    eliminated: s.eliminated,
    over,
    winner: over ? s.winner : null,
    winners: over ? s.winners : [],
    points: totals(s),
    host: privileged ? hostOf(s) : null,
    sheet: s.settings.preset === 'sport' && (privileged || over) ? buildSheet(s) : null,
  };
}

/** Each channel is read only by those it is for: the mafia's by the mafia, the dead's by the dead (A3). */
function canRead(s: GameState, viewer: Viewer, channel: 'table' | 'mafia' | 'dead'): boolean {
  if (isPrivileged(s, viewer) || s.phase.kind === 'over') return true;
  if (channel === 'table') return true;
  if (viewer.kind !== 'seat') return false;
  const role = roleOf(s, viewer.seat);
  if (channel === 'mafia') return role !== undefined && ROLES[role].team === 'mafia' && ROLES[role].knowsTeam;
  return !s.alive.includes(viewer.seat) && s.phase.kind !== 'lobby';
}

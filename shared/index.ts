export * from './audit/fold.js';
export { pointsBySeat, totals } from './audit/points.js';
export * from './domain/text.js';
export * from './domain/vocabulary.js';
export * from './engine/commands.js';
export { createGame, type Decision, decide, joinGame, openRematch } from './engine/decide.js';
export { evolve } from './engine/evolve.js';
export * from './engine/state.js';
export type { EventType, GameEvent } from './log/events.js';
export type * from './log/records.js';
export { resolveNight } from './night/resolve.js';
export * from './protocol/frames.js';
export * from './protocol/signal.js';
export {
  ABILITIES,
  type AbilityId,
  ROLE_IDS,
  ROLES,
  type RoleDef,
  type RoleId,
  TEAM_IDS,
  TEAMS,
  type TeamId,
  type WakeGroup,
  type Winner,
} from './roles/index.js';
export { PRESETS, type Preset } from './rules/presets.js';
export * from './rules/settings.js';
export * from './video/links.js';
export * from './views/chat-pages.js';
export type * from './views/types.js';
export { canRead, viewFor } from './views/view.js';

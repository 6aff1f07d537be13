export * from './abilities.js';
export * from './queries.js';
export * from './roles.js';
export * from './teams.js';

import * as v from 'valibot';
import { cmd } from '../engine/command-fields.js';
import { PURCHASES, type Purchase } from './purse.js';
import type { ForumAbilityId } from './roles.js';

/*
 * The forum game's part of the command schema and of `may`: its abilities in `act`, its shop (`buy`) and its
 * training (`train`); the engine's own list names none of them.
 */

const buySchema = cmd('buy', {
  item: v.picklist(PURCHASES),
  withMove: v.optional(v.boolean()),
  withVote: v.optional(v.boolean()),
});
const trainSchema = cmd('train', {});

declare module '../engine/commands.js' {
  interface RuleSetAbilities {
    forum: ForumAbilityId;
  }
  interface RuleSetCommandSchemas {
    buy: typeof buySchema;
    train: typeof trainSchema;
  }
}

declare module '../engine/may.js' {
  interface RuleSetMayFields {
    /**
     * `buy`: what may be bought with MafBucks, with the night's move (`withMove`, D9) and with the day's
     * vote (`withVote`, D5).
     */
    items?: Purchase[];
    withMove?: Purchase[];
    withVote?: Purchase[];
  }
}

export const FORUM_COMMAND_SCHEMAS = [buySchema, trainSchema];

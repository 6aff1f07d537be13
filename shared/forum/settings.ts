import * as v from 'valibot';
import { FORUM_ROLE_IDS, type ForumRoleId, ITEM_IDS, type ItemId, MOVE_IDS, type MoveId } from './roles.js';

/**
 * The forum game's tables. The seed refers to "the game tables" for levels, points and prices without giving
 * them; these defaults are ours, documented in docs/rules.md, and every one is a setting.
 */
export interface ForumSettings {
  /** Points needed for each level: index = level; level 0 needs 0. */
  levelPoints: number[];
  /** The lair wins on points when any living mafioso has this many (D16). */
  victoryPoints: number;
  /** The level a mafioso needs to order each move (D7). */
  moveLevel: Record<MoveId, number>;
  /** Most uses of each move in a game; null = every night (D7, D11–D15). */
  usesPerGame: Record<MoveId, number | null>;
  /** Uses the mafia holds when the game begins; the limited moves come with levels (D6). */
  startingStock: Record<MoveId, number>;
  /** Active abilities: the whole mafia gains these once, when any mafioso first reaches the level (D6). */
  activeGrants: Array<{ level: number; move: MoveId; uses: number }>;
  /** Passive items: each mafioso gains these at his own level (D6). */
  passiveGrants: Array<{ level: number; item: ItemId; count: number }>;
  /** Points to each mafioso credited with a move (D8): per victim for the killing moves, once for a mine. */
  movePoints: Record<MoveId, number>;
  /** Points to each mafioso who voted for a hanged player (D5). */
  hangingPoints: number;
  /** MafBucks earned per point earned; they buy items and levels (D16). */
  bucksPerPoint: number;
  /** Prices in MafBucks, and the level a buyer needs for each item (D16). */
  prices: { level: number } & Record<ItemId, number>;
  itemLevel: Record<ItemId, number>;
  /** The roles that sit in the office: office guard covers them, blowing up the office kills them (D15). */
  office: ForumRoleId[];
  /** The Maniac sits in his own den every night: an attacker dies (not against the rifle, D11). */
  autoDen: boolean;
  /** How often the Killer's automatic self-defence saves him in a game. */
  selfDefenceUses: number;
  /** A journalist, agent or lawyer trains into a mafioso at this level; the unfaithful at these points (D2). */
  trainLevel: number;
  trainPoints: number;
  /** The chance (0 to 1) that a knock-down lands (D4: «существует вероятность»), drawn from the game's seed. */
  knockChance: number;
  /** How often the Maniac may poison in a game (D12: the poison's carrier kills whoever touches him). */
  poisonUses: number;
  /** Points the executioner's anti-bribe licence pays its holder when he voted for the one hanged (D18). */
  licencePoints: number;
  /** Items each role starts with. */
  startingItems: Partial<Record<ForumRoleId, Partial<Record<ItemId, number>>>>;
}

export const FORUM_DEFAULTS: ForumSettings = {
  levelPoints: [0, 4, 10, 18, 28, 40],
  victoryPoints: 60,
  moveLevel: { nagant: 0, mine: 1, rifle: 1, doubleKill: 2, blowOffice: 3, tripleKill: 4 },
  usesPerGame: { nagant: null, rifle: 2, mine: 1, doubleKill: 1, tripleKill: 1, blowOffice: 1 },
  startingStock: { nagant: 0, rifle: 0, mine: 0, doubleKill: 0, tripleKill: 0, blowOffice: 0 },
  activeGrants: [
    { level: 1, move: 'rifle', uses: 1 },
    { level: 1, move: 'mine', uses: 1 },
    { level: 2, move: 'doubleKill', uses: 1 },
    { level: 3, move: 'blowOffice', uses: 1 },
    { level: 4, move: 'tripleKill', uses: 1 },
    { level: 5, move: 'rifle', uses: 1 },
  ],
  passiveGrants: [
    { level: 1, item: 'condom', count: 1 },
    { level: 2, item: 'vest', count: 1 },
    { level: 3, item: 'elixir', count: 1 },
    { level: 4, item: 'vest', count: 2 },
    { level: 4, item: 'antiundead', count: 2 },
  ],
  movePoints: { nagant: 2, rifle: 2, mine: 1, doubleKill: 2, tripleKill: 2, blowOffice: 2 },
  hangingPoints: 1,
  bucksPerPoint: 1,
  prices: { level: 8, vest: 3, elixir: 5, antimafia: 6, condom: 2, antiundead: 4, licence: 6 },
  itemLevel: { vest: 0, elixir: 1, antimafia: 2, condom: 0, antiundead: 1, licence: 1 },
  office: ['commissar', 'assistant', 'doctor'],
  autoDen: true,
  selfDefenceUses: 1,
  trainLevel: 2,
  trainPoints: 10,
  knockChance: 1,
  poisonUses: 1,
  licencePoints: 2,
  startingItems: {},
};

const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000));
const perMove = <T extends v.GenericSchema>(value: T) =>
  v.strictObject(
    Object.fromEntries(MOVE_IDS.map((id) => [id, v.optional(value)])) as Record<
      MoveId,
      v.OptionalSchema<T, undefined>
    >,
  );
const perItem = <T extends v.GenericSchema>(value: T) =>
  v.strictObject(
    Object.fromEntries(ITEM_IDS.map((id) => [id, v.optional(value)])) as Record<
      ItemId,
      v.OptionalSchema<T, undefined>
    >,
  );

/** What a client may change of the forum's tables: any subset, merged over the defaults. */
export const forumSettingsInputSchema = v.strictObject({
  levelPoints: v.optional(
    v.pipe(
      v.array(count),
      v.minLength(1),
      v.maxLength(20),
      v.check((a) => a[0] === 0 && a.every((x, i) => i === 0 || x > a[i - 1]), 'levels start at 0 and rise'),
    ),
  ),
  victoryPoints: v.optional(count),
  moveLevel: v.optional(perMove(count)),
  usesPerGame: v.optional(perMove(v.nullable(count))),
  startingStock: v.optional(perMove(count)),
  movePoints: v.optional(perMove(count)),
  hangingPoints: v.optional(count),
  bucksPerPoint: v.optional(count),
  prices: v.optional(v.strictObject({ level: v.optional(count), ...perItem(count).entries })),
  itemLevel: v.optional(perItem(count)),
  office: v.optional(v.pipe(v.array(v.picklist(FORUM_ROLE_IDS)), v.maxLength(FORUM_ROLE_IDS.length))),
  autoDen: v.optional(v.boolean()),
  selfDefenceUses: v.optional(count),
  trainLevel: v.optional(count),
  trainPoints: v.optional(count),
  knockChance: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1))),
  poisonUses: v.optional(count),
  licencePoints: v.optional(count),
  activeGrants: v.optional(
    v.pipe(
      v.array(v.strictObject({ level: count, move: v.picklist(MOVE_IDS), uses: count })),
      v.maxLength(50),
    ),
  ),
  passiveGrants: v.optional(
    v.pipe(v.array(v.strictObject({ level: count, item: v.picklist(ITEM_IDS), count })), v.maxLength(50)),
  ),
  startingItems: v.optional(
    v.pipe(
      v.record(v.picklist(FORUM_ROLE_IDS), perItem(count)),
      v.check((r) => Object.keys(r).length <= FORUM_ROLE_IDS.length),
    ),
  ),
});
export type ForumSettingsInput = v.InferOutput<typeof forumSettingsInputSchema>;

/** The forum's tables with a client's changes on top; the nested tables merge key by key. */
export function mergeForumSettings(
  base: ForumSettings,
  input: ForumSettingsInput | undefined,
): ForumSettings {
  if (!input) return base;
  return {
    ...base,
    ...input,
    moveLevel: { ...base.moveLevel, ...input.moveLevel },
    usesPerGame: { ...base.usesPerGame, ...input.usesPerGame },
    startingStock: { ...base.startingStock, ...input.startingStock },
    movePoints: { ...base.movePoints, ...input.movePoints },
    prices: { ...base.prices, ...input.prices },
    itemLevel: { ...base.itemLevel, ...input.itemLevel },
  } as ForumSettings;
}

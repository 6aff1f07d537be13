import type { Seat } from '../domain/vocabulary.js';
import type { ProtectionId } from './protections.js';
import type { ForumRoleId, GuardId, MoveId } from './roles.js';

/** Why a move was not done: the joint order failed (D4), or a protection stopped it (D10–D15). */
export type NotDoneReason = 'knockedDown' | 'splitOrders' | ProtectionId;

/**
 * One line of the morning paper in the seed's form, as data the reader's app puts in his language:
 * "Mafia – nagant – victim – done / not done – reason". A planted mine is only the warning, never its carrier.
 * The double and triple kills print one "Mafia – kill – victim" line per victim.
 */
export type NewspaperLine =
  | { form: 'move'; move: MoveId; victim: Seat | null; done: boolean; reason: NotDoneReason | null }
  | {
      form: 'kill';
      move: 'doubleKill' | 'tripleKill';
      victim: Seat;
      done: boolean;
      reason: NotDoneReason | null;
    }
  | { form: 'mineWarning' }
  /** Every other role's move (D17): "Commissar – shot – victim – done / not done – reason". */
  | {
      form: 'act';
      role: ForumRoleId;
      ability: GuardId;
      victim: Seat | null;
      done: boolean;
      reason: ActReason | null;
    };

/**
 * Why another role's move was not done: knocked down, its maker met a mine on its target (D12), a
 * knock-down missed (D4's chance) or met a condom (D19), its target was already dead, or a protection.
 */
export type ActReason = 'knockedDown' | 'mine' | 'missed' | 'condom' | 'alreadyDead' | ProtectionId;

/** Each morning's lines, kept for the whole game. */
export interface NewspaperPage {
  round: number;
  lines: NewspaperLine[];
}

const MOVE_WORDS: Record<'en' | 'ru', Record<MoveId | 'kill', string>> = {
  en: {
    nagant: 'nagant shot',
    rifle: 'rifle shot',
    mine: 'mine',
    doubleKill: 'double kill',
    tripleKill: 'triple kill',
    blowOffice: 'blowing up the office',
    kill: 'kill',
  },
  ru: {
    nagant: 'выстрел из нагана',
    rifle: 'выстрел из винтовки',
    mine: 'подложить мину',
    doubleKill: 'двойное убийство',
    tripleKill: 'тройное убийство',
    blowOffice: 'взрыв офиса',
    kill: 'убийство',
  },
};

const REASON_WORDS: Record<'en' | 'ru', Record<NotDoneReason, string>> = {
  en: {
    knockedDown: 'the order was knocked down',
    splitOrders: 'the orders did not agree',
    officeGuard: 'the office was guarded',
    assistant: "the Commissar's assistant",
    apostate: 'the apostate',
    antimafia: 'Anti-mafia',
    den: "the Maniac's den",
    autoDen: "the Maniac's den",
    selfDefence: "the Killer's self-defence",
    elixir: 'elixir',
    vest: 'bulletproof vest',
    antiundead: 'anti-undead',
  },
  ru: {
    knockedDown: 'ход сбит',
    splitOrders: 'заказы не совпали',
    officeGuard: 'охрана офиса',
    assistant: 'охрана комиссара помощником',
    apostate: 'охрана некроманта вероотступником',
    antimafia: 'Антимафия',
    den: 'берлога маньяка',
    autoDen: 'автоберлога маньяка',
    selfDefence: 'автозащита киллера',
    elixir: 'эликсир',
    vest: 'бронежилет',
    antiundead: 'антинежить',
  },
};

const ACT_REASONS: Record<'en' | 'ru', Record<Exclude<ActReason, NotDoneReason>, string>> = {
  en: {
    mine: 'a mine',
    missed: 'it missed',
    condom: 'a condom',
    alreadyDead: 'the victim was already dead',
  },
  ru: {
    mine: 'мина',
    missed: 'промах',
    condom: 'презерватив',
    alreadyDead: 'жертва уже мертва',
  },
};

/** The roles and their moves as the paper names them. */
const ROLE_WORDS: Record<'en' | 'ru', Partial<Record<ForumRoleId, string>>> = {
  en: {
    commissar: 'Commissar',
    assistant: "Commissar's assistant",
    shooter: 'Shooting civilian',
    necromancer: 'Necromancer',
    undead: 'Undead',
    apostate: 'Apostate',
    doctor: 'Doctor',
    psycho: 'Psycho',
    girl: 'Girl',
    hacker: 'Hacker',
    maniac: 'Maniac',
    killer: 'Killer',
  },
  ru: {
    commissar: 'Комиссар',
    assistant: 'Помощник комиссара',
    shooter: 'Мирный житель',
    necromancer: 'Некромант',
    undead: 'Нежить',
    apostate: 'Вероотступник',
    doctor: 'Доктор',
    psycho: 'Псих',
    girl: 'Девка',
    hacker: 'Хакер',
    maniac: 'Маньяк',
    killer: 'Киллер',
  },
};

const ACT_WORDS: Record<'en' | 'ru', Record<GuardId, string>> = {
  en: {
    knock: 'knock-down',
    guardOffice: 'office guard',
    guardCommissar: 'guard of the Commissar',
    guardNecromancer: 'guard of the Necromancer',
    den: 'den',
    commissarShot: 'shot',
    citizenShot: 'shot',
    killerShot: 'shot',
    maniacKill: 'kill',
    poison: 'poison',
    bite: 'bite',
    paralyse: 'paralysis',
  },
  ru: {
    knock: 'сбить ход',
    guardOffice: 'охрана офиса',
    guardCommissar: 'охрана комиссара',
    guardNecromancer: 'охрана некроманта',
    den: 'берлога',
    commissarShot: 'выстрел',
    citizenShot: 'выстрел',
    killerShot: 'выстрел',
    maniacKill: 'убийство',
    poison: 'яд',
    bite: 'укус',
    paralyse: 'паралич',
  },
};

const reasonText = (lang: 'en' | 'ru', reason: ActReason): string =>
  reason in ACT_REASONS[lang]
    ? ACT_REASONS[lang][reason as keyof (typeof ACT_REASONS)['en']]
    : REASON_WORDS[lang][reason as NotDoneReason];

const WORDS = {
  en: {
    mafia: 'Mafia',
    done: 'done',
    notDone: 'not done',
    mine: 'A mine was planted on a resident. Choose your victims with care.',
  },
  ru: {
    mafia: 'Мафия',
    done: 'выполнено',
    notDone: 'не выполнено',
    mine: 'Была установлена мина на жителя города. Будьте аккуратны при выборе жертвы.',
  },
};

/** The line as text, for the CLI and for readers without the app's own translations. */
export function lineText(line: NewspaperLine, lang: 'en' | 'ru', name: (seat: Seat) => string): string {
  const w = WORDS[lang];
  if (line.form === 'mineWarning') return w.mine;
  if (line.form === 'act') {
    const parts = [ROLE_WORDS[lang][line.role] ?? line.role, ACT_WORDS[lang][line.ability]];
    if (line.victim !== null) parts.push(name(line.victim));
    parts.push(line.done ? w.done : w.notDone);
    if (line.reason) parts.push(reasonText(lang, line.reason));
    return parts.join(' – ');
  }
  const parts = [w.mafia, MOVE_WORDS[lang][line.form === 'kill' ? 'kill' : line.move]];
  if (line.victim !== null) parts.push(name(line.victim));
  parts.push(line.done ? w.done : w.notDone);
  if (line.reason) parts.push(REASON_WORDS[lang][line.reason]);
  return parts.join(' – ');
}

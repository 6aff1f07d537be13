import { msg, str } from '@lit/localize';
import type { Seat } from '../../../shared/domain/vocabulary.js';
import type { ActReason, NewspaperLine, NotDoneReason } from '../../../shared/forum/newspaper.js';
import type { Purchase } from '../../../shared/forum/purse.js';
import type { ForumAbilityId } from '../../../shared/forum/roles.js';
import type { ActReport } from '../../../shared/forum/state.js';
import { roleName } from './names.js';

/** The forum game's moves and acts, as a button and a newspaper line name them. */
export function forumAbilityName(ability: ForumAbilityId): string {
  switch (ability) {
    case 'nagant':
      return msg('Nagant shot', { id: 'forum.nagant' });
    case 'rifle':
      return msg('Rifle shot', { id: 'forum.rifle' });
    case 'mine':
      return msg('Plant a mine', { id: 'forum.mine' });
    case 'doubleKill':
      return msg('Double kill', { id: 'forum.doubleKill' });
    case 'tripleKill':
      return msg('Triple kill', { id: 'forum.tripleKill' });
    case 'blowOffice':
      return msg('Blow up the office', { id: 'forum.blowOffice' });
    case 'knock':
      return msg('Knock down the order', { id: 'forum.knock' });
    case 'guardOffice':
      return msg('Guard the office', { id: 'forum.guardOffice' });
    case 'guardCommissar':
      return msg('Guard the Commissar', { id: 'forum.guardCommissar' });
    case 'guardNecromancer':
      return msg('Guard the Necromancer', { id: 'forum.guardNecromancer' });
    case 'den':
      return msg('Shelter in the den', { id: 'forum.den' });
    case 'commissarShot':
    case 'citizenShot':
    case 'killerShot':
      return msg('Shoot', { id: 'forum.shoot' });
    case 'maniacKill':
      return msg('Kill', { id: 'ability.kill' });
    case 'poison':
      return msg('Poison', { id: 'forum.poison' });
    case 'bite':
      return msg('Bite', { id: 'forum.bite' });
    case 'paralyse':
      return msg('Paralyse', { id: 'forum.paralyse' });
  }
}

export function purchaseName(item: Purchase): string {
  switch (item) {
    case 'vest':
      return msg('Bulletproof vest', { id: 'forum.vest' });
    case 'elixir':
      return msg('Elixir', { id: 'forum.elixir' });
    case 'antimafia':
      return msg('Anti-mafia', { id: 'forum.antimafia' });
    case 'condom':
      return msg('Condom', { id: 'forum.condom' });
    case 'antiundead':
      return msg('Anti-undead', { id: 'forum.antiundead' });
    case 'licence':
      return msg('Executioner’s anti-bribe licence', { id: 'forum.licence' });
    case 'level':
      return msg('Next level', { id: 'forum.level' });
  }
}

function reasonText(reason: NotDoneReason | ActReason): string {
  switch (reason) {
    case 'mine':
      return msg('a mine', { id: 'forum.why.mine' });
    case 'missed':
      return msg('it missed', { id: 'forum.why.missed' });
    case 'condom':
      return msg('Condom', { id: 'forum.condom' });
    case 'alreadyDead':
      return msg('the victim was already dead', { id: 'forum.why.alreadyDead' });
    case 'antiundead':
      return msg('Anti-undead', { id: 'forum.antiundead' });
    case 'knockedDown':
      return msg('the order was knocked down', { id: 'forum.why.knockedDown' });
    case 'splitOrders':
      return msg('the orders did not agree', { id: 'forum.why.splitOrders' });
    case 'officeGuard':
      return msg('the office was guarded', { id: 'forum.why.officeGuard' });
    case 'assistant':
      return msg('the Commissar’s assistant', { id: 'forum.why.assistant' });
    case 'apostate':
      return msg('the apostate', { id: 'forum.why.apostate' });
    case 'antimafia':
      return msg('Anti-mafia', { id: 'forum.antimafia' });
    case 'den':
    case 'autoDen':
      return msg('the Maniac’s den', { id: 'forum.why.den' });
    case 'selfDefence':
      return msg('the Killer’s self-defence', { id: 'forum.why.selfDefence' });
    case 'elixir':
      return msg('Elixir', { id: 'forum.elixir' });
    case 'vest':
      return msg('Bulletproof vest', { id: 'forum.vest' });
  }
}

/** One morning line in the seed's form, "Mafia – nagant shot – Player 7 – not done – bulletproof vest". */
export function newspaperLine(line: NewspaperLine, name: (seat: Seat) => string): string {
  if (line.form === 'mineWarning')
    return msg('A mine was planted on a resident. Choose your victims with care.', {
      id: 'forum.mineWarning',
    });
  const parts =
    line.form === 'act'
      ? [roleName(line.role), forumAbilityName(line.ability)]
      : [
          msg('Mafia', { id: 'team.mafia' }),
          line.form === 'kill' ? msg('Kill', { id: 'ability.kill' }) : forumAbilityName(line.move),
        ];
  if (line.victim !== null) parts.push(name(line.victim));
  parts.push(line.done ? msg('done', { id: 'forum.done' }) : msg('not done', { id: 'forum.notDone' }));
  if (line.reason) parts.push(reasonText(line.reason));
  return parts.join(' – ');
}

/**
 * One's own act of one night, for him alone: "Night 1: Guard the office – done – it stopped an attack",
 * "Night 2: Shoot – 3 · Cleo – not done – Bulletproof vest".
 */
export function actReportLine(report: ActReport, name: (seat: Seat) => string): string {
  const parts = [forumAbilityName(report.ability)];
  if (report.target !== null) parts.push(name(report.target));
  parts.push(report.done ? msg('done', { id: 'forum.done' }) : msg('not done', { id: 'forum.notDone' }));
  if (report.reason) parts.push(reasonText(report.reason));
  if (report.saved) parts.push(msg('it stopped an attack', { id: 'forum.saved' }));
  const line = parts.join(' – ');
  return msg(str`Night ${report.round}: ${line}`, { id: 'forum.report' });
}

/** "11 h 20 min left": a forum phase lasts hours, so seconds would only flicker. */
export function timeLeft(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return msg(str`${m} min left`, { id: 'forum.leftMinutes' });
  return msg(str`${h} h ${m} min left`, { id: 'forum.leftHours' });
}

import { msg, str } from '@lit/localize';
import type { HowEliminated, Phase, Stage } from '../../../shared/domain/vocabulary.js';
import type { CheckResult, OutcomeReason } from '../../../shared/log/records.js';
import type { AbilityId, RoleId, WakeGroup, Winner } from '../../../shared/roles/index.js';

/** Role names: ids travel on the wire, names are shown (protocol.md "Identifiers"). */
export function roleName(role: RoleId): string {
  switch (role) {
    case 'civilian':
      return msg('Civilian', { id: 'role.civilian' });
    case 'mafia':
      return msg('Mafioso', { id: 'role.mafia' });
    case 'don':
      return msg('Don', { id: 'role.don' });
    case 'sheriff':
      return msg('Sheriff', { id: 'role.sheriff' });
    case 'patrolman':
      return msg('Patrolman', { id: 'role.patrolman' });
    case 'doctor':
      return msg('Doctor', { id: 'role.doctor' });
    case 'bodyguard':
      return msg('Bodyguard', { id: 'role.bodyguard' });
    case 'lover':
      return msg('Lover', { id: 'role.lover' });
    case 'maniac':
      return msg('Maniac', { id: 'role.maniac' });
    case 'mason':
      return msg('Mason', { id: 'role.mason' });
    case 'yakuza':
      return msg('Yakuza', { id: 'role.yakuza' });
    case 'jester':
      return msg('Jester', { id: 'role.jester' });
    case 'werewolf':
      return msg('Werewolf', { id: 'role.werewolf' });
    case 'commissar':
      return msg('Commissar', { id: 'role.commissar' });
    case 'assistant':
      return msg('Commissar’s assistant', { id: 'role.assistant' });
    case 'necromancer':
      return msg('Necromancer', { id: 'role.necromancer' });
    case 'apostate':
      return msg('Apostate', { id: 'role.apostate' });
    case 'psycho':
      return msg('Psycho', { id: 'role.psycho' });
    case 'girl':
      return msg('Girl', { id: 'role.girl' });
    case 'hacker':
      return msg('Hacker', { id: 'role.hacker' });
    case 'killer':
      return msg('Killer', { id: 'role.killer' });
    case 'shooter':
      return msg('Shooting civilian', { id: 'role.shooter' });
    case 'undead':
      return msg('Undead', { id: 'role.undead' });
    case 'journalist':
      return msg('Mafia journalist', { id: 'role.journalist' });
    case 'agent':
      return msg('Mafia agent', { id: 'role.agent' });
    case 'lawyer':
      return msg('Mafia lawyer', { id: 'role.lawyer' });
    case 'unfaithful':
      return msg('Unfaithful', { id: 'role.unfaithful' });
  }
}

/** The short rules a player reads on his role card. */
export function roleRule(role: RoleId): string {
  switch (role) {
    case 'civilian':
      return msg('No night power. Find the mafia by talking, and vote them out by day.', {
        id: 'rule.civilian',
      });
    case 'mafia':
      return msg(
        'At night the mafia wakes and shoots together, all at the same player. You win when you are as many as the rest.',
        {
          id: 'rule.mafia',
        },
      );
    case 'don':
      return msg('Head of the mafia: you shoot with them, and each night you may look for the Sheriff.', {
        id: 'rule.don',
      });
    case 'sheriff':
      return msg('Each night check one player: red is town, black is mafia. Lead the town by day.', {
        id: 'rule.sheriff',
      });
    case 'patrolman':
      return msg('Each night check one player, as the Sheriff does.', { id: 'rule.patrolman' });
    case 'doctor':
      return msg('Each night heal one player: an attack on him fails.', { id: 'rule.doctor' });
    case 'bodyguard':
      return msg('Each night guard one player: no attack reaches him.', { id: 'rule.bodyguard' });
    case 'lover':
      return msg(
        'Each night visit one player: his night action fails, and he has an alibi at the next vote.',
        {
          id: 'rule.lover',
        },
      );
    case 'maniac':
      return msg('You play alone. Each night kill one player. You win when one other player is left.', {
        id: 'rule.maniac',
      });
    case 'mason':
      return msg('A townsman who knows the other Masons.', { id: 'rule.mason' });
    case 'yakuza':
      return msg('A rival clan: you shoot together at night and win once you outnumber the rest.', {
        id: 'rule.yakuza',
      });
    case 'jester':
      return msg('You win if the town votes you out.', { id: 'rule.jester' });
    case 'werewolf':
      return msg('You count with the mafia, but a check shows you as town. No night power.', {
        id: 'rule.werewolf',
      });
    case 'commissar':
      return msg('Forum game: each night you may guard the office against the mafia, or shoot one player.', {
        id: 'rule.commissar',
      });
    case 'assistant':
      return msg('Forum game: each night you may guard the Commissar; whoever attacks him dies.', {
        id: 'rule.assistant',
      });
    case 'necromancer':
      return msg(
        'Forum game: the cemetery’s master; each night you may bite one player. The Apostate guards you.',
        {
          id: 'rule.necromancer',
        },
      );
    case 'undead':
      return msg(
        'Forum game: the cemetery; each night you may paralyse one player — his vote and move the next day and night do not happen.',
        {
          id: 'rule.undead',
        },
      );
    case 'apostate':
      return msg('Forum game: each night you may guard the Necromancer.', { id: 'rule.apostate' });
    case 'psycho':
      return msg('Forum game: each night guard the office, or knock down one player’s order.', {
        id: 'rule.psycho',
      });
    case 'girl':
      return msg('Forum game: each night knock down one player’s order.', { id: 'rule.girl' });
    case 'hacker':
      return msg('Forum game: each night knock down one player’s order.', { id: 'rule.hacker' });
    case 'killer':
      return msg(
        'Forum game: each night you may shoot one player; your self-defence saves you from an attack.',
        {
          id: 'rule.killer',
        },
      );
    case 'shooter':
      return msg('Forum game: a civilian with a gun; each night you may shoot one player.', {
        id: 'rule.shooter',
      });
    case 'journalist':
      return msg('Forum game: a lair member; at your level you may train into a mafioso.', {
        id: 'rule.journalist',
      });
    case 'agent':
      return msg('Forum game: a lair member; at your level you may train into a mafioso.', {
        id: 'rule.agent',
      });
    case 'lawyer':
      return msg('Forum game: a lair member; at your level you may train into a mafioso.', {
        id: 'rule.lawyer',
      });
    case 'unfaithful':
      return msg('Forum game: with enough points you may train into a mafioso.', { id: 'rule.unfaithful' });
  }
}

export function teamName(team: Winner): string {
  switch (team) {
    case 'town':
      return msg('Town', { id: 'team.town' });
    case 'mafia':
      return msg('Mafia', { id: 'team.mafia' });
    case 'maniac':
      return msg('Maniac', { id: 'team.maniac' });
    case 'yakuza':
      return msg('Yakuza', { id: 'team.yakuza' });
    case 'jester':
      return msg('Jester', { id: 'team.jester' });
    case 'neutral':
      return msg('Neutral', { id: 'team.neutral' });
    case 'draw':
      return msg('Draw', { id: 'team.draw' });
  }
}

/** The word on the button that uses a night ability. */
export function abilityName(ability: AbilityId | string): string {
  switch (ability) {
    case 'shoot':
      return msg('Shoot', { id: 'ability.shoot' });
    case 'check':
      return msg('Check', { id: 'ability.check' });
    case 'heal':
      return msg('Heal', { id: 'ability.heal' });
    case 'guard':
      return msg('Guard', { id: 'ability.guard' });
    case 'block':
      return msg('Visit', { id: 'ability.block' });
    case 'kill':
      return msg('Kill', { id: 'ability.kill' });
    default:
      return ability;
  }
}

/** What to do with the tiles for an ability. */
export function abilityHint(ability: AbilityId | string): string {
  switch (ability) {
    case 'shoot':
      return msg('Tap the player the mafia shoots tonight.', { id: 'hint.shoot' });
    case 'check':
      return msg('Tap the player you want to check.', { id: 'hint.check' });
    case 'heal':
      return msg('Tap the player you heal tonight.', { id: 'hint.heal' });
    case 'guard':
      return msg('Tap the player you guard tonight.', { id: 'hint.guard' });
    case 'block':
      return msg('Tap the player you visit tonight.', { id: 'hint.block' });
    case 'kill':
      return msg('Tap the player you kill tonight.', { id: 'hint.kill' });
    default:
      return ability;
  }
}

/** Who wakes: the mafia as a group, any other role by its name. */
export function wakeName(group: WakeGroup): string {
  if (group === 'masons') return msg('Masons', { id: 'wake.masons' });
  return group === 'mafia' ? teamName('mafia') : roleName(group);
}

export function stageName(stage: Stage): string {
  switch (stage) {
    case 'lobby':
      return msg('Lobby', { id: 'stage.lobby' });
    case 'cards':
      return msg('Drawing cards', { id: 'stage.cards' });
    case 'intro':
      return msg('Introduction', { id: 'stage.intro' });
    case 'actions':
      return msg('Night actions', { id: 'stage.actions' });
    case 'wake':
      return msg('Roles wake', { id: 'stage.wake' });
    case 'lastWord':
      return msg('Last word', { id: 'stage.lastWord' });
    case 'speech':
      return msg('Speeches', { id: 'stage.speech' });
    case 'discussion':
      return msg('Discussion', { id: 'stage.discussion' });
    case 'defence':
      return msg('Defence', { id: 'stage.defence' });
    case 'vote':
      return msg('Vote', { id: 'stage.vote' });
    case 'over':
      return msg('Game over', { id: 'stage.over' });
  }
}

/** "Night 2", "Day 3", "Lobby", "Game over". */
export function phaseTitle(phase: Phase): string {
  const n = phase.round;
  switch (phase.kind) {
    case 'lobby':
      return msg('Lobby', { id: 'stage.lobby' });
    case 'night':
      return msg(str`Night ${n}`, { id: 'phase.night' });
    case 'day':
      return msg(str`Day ${n}`, { id: 'phase.day' });
    case 'over':
      return msg('Game over', { id: 'stage.over' });
  }
}

export function howName(how: HowEliminated): string {
  switch (how) {
    case 'shot':
      return msg('shot by the mafia', { id: 'how.shot' });
    case 'killed':
      return msg('killed at night', { id: 'how.killed' });
    case 'vote':
      return msg('voted out', { id: 'how.vote' });
    case 'fouls':
      return msg('removed for fouls', { id: 'how.fouls' });
    case 'disqualified':
      return msg('disqualified', { id: 'how.disqualified' });
    case 'removed':
      return msg('removed', { id: 'how.removed' });
    case 'gaveUp':
      return msg('gave up', { id: 'how.gaveUp' });
  }
}

/** Why a night's attack did or did not kill: the host sees this before he ends the night. */
export function reasonText(reason: OutcomeReason): string {
  switch (reason) {
    case 'killed':
      return msg('killed', { id: 'reason.killed' });
    case 'notAllShot':
      return msg('missed: not every mafioso shot', { id: 'reason.notAllShot' });
    case 'splitTargets':
      return msg('missed: they shot at different players', { id: 'reason.splitTargets' });
    case 'noShot':
      return msg('no shot', { id: 'reason.noShot' });
    case 'immune':
      return msg('missed: immune tonight', { id: 'reason.immune' });
    case 'savedByDoctor':
      return msg('saved by the Doctor', { id: 'reason.savedByDoctor' });
    case 'guarded':
      return msg('saved by the Bodyguard', { id: 'reason.guarded' });
    case 'blocked':
      return msg('blocked by the Lover', { id: 'reason.blocked' });
    case 'recorded':
      return msg('a miss, as recorded', { id: 'reason.recorded' });
    case 'diedGuarding':
      return msg('killed guarding another player', { id: 'reason.diedGuarding' });
  }
}

export function checkText(result: CheckResult | string): string {
  switch (result) {
    case 'sheriff':
      return msg('the Sheriff', { id: 'check.sheriff' });
    case 'notSheriff':
      return msg('not the Sheriff', { id: 'check.notSheriff' });
    case 'red':
      return msg('red (town)', { id: 'check.red' });
    case 'black':
      return msg('black (mafia)', { id: 'check.black' });
    default:
      return result;
  }
}

/** "Seat 4" — every player is first of all a seat number at the table. */
export const seatLabel = (seat: number): string => msg(str`Seat ${seat}`, { id: 'seat.label' });

/** "4 · Ann": compact, for tiles and lists. */
export const seatAndName = (seat: number, name: string): string =>
  name ? `${seat} · ${name}` : String(seat);

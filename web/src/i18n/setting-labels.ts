import { msg } from '@lit/localize';
import type { GameMeta, PresetId, Settings, Timers } from '../../../shared/rules/settings.js';
import type { FORUM_FORM_KEYS, Section } from '../logic/settings-fields.js';

export function presetName(preset: PresetId): string {
  switch (preset) {
    case 'online':
      return msg('Online', { id: 'preset.online' });
    case 'classic':
      return msg('Classic', { id: 'preset.classic' });
    case 'sport':
      return msg('Sport (tournament)', { id: 'preset.sport' });
    case 'club':
      return msg('Club', { id: 'preset.club' });
    case 'roleGame':
      return msg('Role game', { id: 'preset.roleGame' });
    case 'forum':
      return msg('Forum game', { id: 'preset.forum' });
  }
}

export function presetBlurb(preset: PresetId): string {
  switch (preset) {
    case 'online':
      return msg('Everyone on a phone; the app runs the night and the clock.', { id: 'blurb.online' });
    case 'classic':
      return msg('A narrator paces the game; the town votes by open majority.', { id: 'blurb.classic' });
    case 'sport':
      return msg('Ten players, a judge records the table; fouls, best move and points.', {
        id: 'blurb.sport',
      });
    case 'club':
      return msg('A host records a club table with the Lover, Doctor and Maniac.', { id: 'blurb.club' });
    case 'roleGame':
      return msg('Many roles, cards drawn face down, roles shown when players leave.', {
        id: 'blurb.roleGame',
      });
    case 'forum':
      return msg('Played over days in a thread: the mafia earns levels and orders one move a night.', {
        id: 'blurb.forum',
      });
  }
}

export function sectionName(section: Section): string {
  switch (section) {
    case 'game':
      return msg('Game', { id: 'section.game' });
    case 'day':
      return msg('Day and votes', { id: 'section.day' });
    case 'night':
      return msg('Night', { id: 'section.night' });
    case 'sport':
      return msg('Tournament', { id: 'section.sport' });
    case 'timers':
      return msg('Timers (seconds)', { id: 'section.timers' });
    case 'sheet':
      return msg('Game sheet header', { id: 'section.sheet' });
  }
}

export function settingName(key: keyof Settings): string {
  switch (key) {
    case 'preset':
      return msg('Rules', { id: 'set.preset' });
    case 'master':
      return msg('Game master', { id: 'set.master' });
    case 'dealing':
      return msg('Dealing roles', { id: 'set.dealing' });
    case 'roles':
      return msg('Roles in play', { id: 'set.roles' });
    case 'immunity':
      return msg('Seat immune on night 1', { id: 'set.immunity' });
    case 'introNight':
      return msg('Introduction night', { id: 'set.introNight' });
    case 'introScript':
      return msg('The acquaintance night wakes the roles one by one', { id: 'set.introScript' });
    case 'introFullTime':
      return msg('Introduction lasts its full time', { id: 'set.introFullTime' });
    case 'firstDay':
      return msg('First day', { id: 'set.firstDay' });
    case 'dayFormat':
      return msg('Day format', { id: 'set.dayFormat' });
    case 'firstDayFormat':
      return msg('First day format', { id: 'set.firstDayFormat' });
    case 'rotateFirstSpeaker':
      return msg('Each day the next living player speaks first', { id: 'set.rotateFirstSpeaker' });
    case 'defenceBeforeVote':
      return msg('Candidates defend themselves before the vote', { id: 'set.defenceBeforeVote' });
    case 'nominate':
      return msg('Nominations', { id: 'set.nominate' });
    case 'withdraw':
      return msg('Nominations can be withdrawn', { id: 'set.withdraw' });
    case 'replaceNomination':
      return msg('A new nomination replaces the player’s earlier one', { id: 'set.replaceNomination' });
    case 'voting':
      return msg('Voting', { id: 'set.voting' });
    case 'majorityOf':
      return msg('Majority of', { id: 'set.majorityOf' });
    case 'selfVote':
      return msg('Players may vote for themselves', { id: 'set.selfVote' });
    case 'minCandidates':
      return msg('Candidates needed for a vote', { id: 'set.minCandidates' });
    case 'minCandidatesDay1':
      return msg('Candidates needed on day 1', { id: 'set.minCandidatesDay1' });
    case 'unusedVotesToLast':
      return msg('Unused votes go to the last candidate', { id: 'set.unusedVotesToLast' });
    case 'tie':
      return msg('On a tie', { id: 'set.tie' });
    case 'liftNineThree':
      return msg('Lift vote with nine alive and three tied', { id: 'set.liftNineThree' });
    case 'allTied':
      return msg('When every player is tied', { id: 'set.allTied' });
    case 'revealRoles':
      return msg('Reveal roles of eliminated players', { id: 'set.revealRoles' });
    case 'deadSeeRoles':
      return msg('Players who are out see every role', { id: 'set.deadSeeRoles' });
    case 'spectators':
      return msg('Others may watch with the room code', { id: 'set.spectators' });
    case 'checkMode':
      return msg('Checks', { id: 'set.checkMode' });
    case 'doctorStops':
      return msg('The Doctor stops', { id: 'set.doctorStops' });
    case 'doctorSaves':
      return msg('The Doctor saves from', { id: 'set.doctorSaves' });
    case 'doctorSelfHeal':
      return msg('The Doctor heals himself', { id: 'set.doctorSelfHeal' });
    case 'bodyguardDies':
      return msg('The Bodyguard dies in the guarded player’s place', { id: 'set.bodyguardDies' });
    case 'shootTeammates':
      return msg('The mafia may shoot its own', { id: 'set.shootTeammates' });
    case 'jesterEndsGame':
      return msg('A voted-out Jester ends the game', { id: 'set.jesterEndsGame' });
    case 'chat':
      return msg('Chat in the app', { id: 'set.chat' });
    case 'bestMove':
      return msg('Best move', { id: 'set.bestMove' });
    case 'bestMovePoints':
      return msg('Best move points (3 right, 2 right)', { id: 'set.bestMovePoints' });
    case 'thirdFoul':
      return msg('The third foul costs', { id: 'set.thirdFoul' });
    case 'extraPointsRange':
      return msg('Extra points range (min, max)', { id: 'set.extraPointsRange' });
    case 'removalCancelsVote':
      return msg('A removal cancels the vote', { id: 'set.removalCancelsVote' });
    case 'drawAfterQuietRounds':
      return msg('Draw after quiet rounds (0 = never)', { id: 'set.drawAfterQuietRounds' });
    case 'timers':
      return msg('Timers', { id: 'set.timers' });
    case 'meta':
      return msg('Game sheet header', { id: 'section.sheet' });
    case 'forum':
      return msg('Forum game tables', { id: 'set.forum' });
  }
}

/** The label of one value of a choice setting. */
export function optionName(key: keyof Settings, value: string): string {
  switch (`${key}.${value}`) {
    case 'master.auto':
      return msg('Automatic (the app)', { id: 'opt.master.auto' });
    case 'master.narrator':
      return msg('Narrator (host paces the game)', { id: 'opt.master.narrator' });
    case 'master.moderator':
      return msg('Moderator (host records a live table)', { id: 'opt.master.moderator' });
    case 'dealing.random':
      return msg('Random', { id: 'opt.dealing.random' });
    case 'dealing.cards':
      return msg('Face-down cards, one player at a time', { id: 'opt.dealing.cards' });
    case 'dealing.manual':
      return msg('The host assigns them', { id: 'opt.dealing.manual' });
    case 'introNight.auto':
      return msg('With two or more mafiosi', { id: 'opt.introNight.auto' });
    case 'introNight.always':
      return msg('Always', { id: 'opt.introNight.always' });
    case 'introNight.never':
      return msg('Never', { id: 'opt.introNight.never' });
    case 'firstDay.vote':
      return msg('With a vote', { id: 'opt.firstDay.vote' });
    case 'firstDay.noVote':
      return msg('Talk only, no vote', { id: 'opt.firstDay.noVote' });
    case 'dayFormat.speeches':
      return msg('Speeches in turn', { id: 'opt.dayFormat.speeches' });
    case 'dayFormat.discussion':
      return msg('Open discussion', { id: 'opt.dayFormat.discussion' });
    case 'dayFormat.discussionThenSpeeches':
      return msg('Discussion, then speeches', { id: 'opt.dayFormat.discussionThenSpeeches' });
    case 'dayFormat.speechesThenDiscussion':
      return msg('Speeches, then discussion', { id: 'opt.dayFormat.speechesThenDiscussion' });
    case 'firstDayFormat.same':
      return msg('As every day', { id: 'opt.firstDayFormat.same' });
    case 'nominate.inSpeech':
      return msg('Only in one’s own speech', { id: 'opt.nominate.inSpeech' });
    case 'nominate.anytime':
      return msg('Any time during the talk', { id: 'opt.nominate.anytime' });
    case 'voting.majority':
      return msg('Open majority, votes can move', { id: 'opt.voting.majority' });
    case 'voting.nominations':
      return msg('Nominate, then vote', { id: 'opt.voting.nominations' });
    case 'majorityOf.living':
      return msg('The living', { id: 'opt.majorityOf.living' });
    case 'majorityOf.cast':
      return msg('The votes cast', { id: 'opt.majorityOf.cast' });
    case 'tie.carCrash':
      return msg('Defence and revote, then all leave', { id: 'opt.tie.carCrash' });
    case 'tie.split':
      return msg('Defence and revote, then a lift vote', { id: 'opt.tie.split' });
    case 'tie.nobody':
      return msg('Nobody leaves', { id: 'opt.tie.nobody' });
    case 'allTied.nobody':
      return msg('Nobody leaves', { id: 'opt.tie.nobody' });
    case 'allTied.draw':
      return msg('The game is a draw', { id: 'opt.allTied.draw' });
    case 'checkMode.result':
      return msg('Only show the result', { id: 'opt.checkMode.result' });
    case 'checkMode.attackWhenFound':
      return msg('Attack when a black is found', { id: 'opt.checkMode.attackWhenFound' });
    case 'checkMode.alwaysAttack':
      return msg('Always attack the checked player', { id: 'opt.checkMode.alwaysAttack' });
    case 'doctorStops.one':
      return msg('One attack', { id: 'opt.doctorStops.one' });
    case 'doctorStops.all':
      return msg('Every attack', { id: 'opt.doctorStops.all' });
    case 'doctorSaves.anyAttack':
      return msg('Any attack', { id: 'opt.doctorSaves.anyAttack' });
    case 'doctorSaves.mafiaShot':
      return msg('Only the mafia’s shot', { id: 'opt.doctorSaves.mafiaShot' });
    case 'doctorSelfHeal.any':
      return msg('Any night', { id: 'opt.doctorSelfHeal.any' });
    case 'doctorSelfHeal.once':
      return msg('Once a game', { id: 'opt.doctorSelfHeal.once' });
    case 'doctorSelfHeal.never':
      return msg('Never', { id: 'opt.doctorSelfHeal.never' });
    case 'thirdFoul.skip':
      return msg('The next speech', { id: 'opt.thirdFoul.skip' });
    case 'thirdFoul.short':
      return msg('Half of the next speech', { id: 'opt.thirdFoul.short' });
    default:
      if (key === 'firstDayFormat') return optionName('dayFormat', value);
      return key === 'preset' ? presetName(value as PresetId) : value;
  }
}

export function timerName(key: keyof Timers): string {
  switch (key) {
    case 'intro':
      return msg('Introduction night', { id: 'set.introNight' });
    case 'cards':
      return msg('Drawing a card', { id: 'timer.cards' });
    case 'mafia':
      return msg('Mafia at night', { id: 'timer.mafia' });
    case 'night':
      return msg('Other night roles', { id: 'timer.night' });
    case 'wake':
      return msg('Each wake (narrator)', { id: 'timer.wake' });
    case 'speech':
      return msg('Speech', { id: 'timer.speech' });
    case 'shortSpeech':
      return msg('Shortened speech', { id: 'timer.shortSpeech' });
    case 'discussion':
      return msg('Discussion', { id: 'stage.discussion' });
    case 'defence':
      return msg('Defence', { id: 'stage.defence' });
    case 'vote':
      return msg('Vote', { id: 'stage.vote' });
    case 'lastWord':
      return msg('Last word after a vote', { id: 'timer.lastWord' });
    case 'lastWordNight':
      return msg('Last word after the night', { id: 'timer.lastWordNight' });
    case 'day':
      return msg('Whole day (majority voting)', { id: 'timer.day' });
  }
}

export function metaName(key: keyof GameMeta): string {
  switch (key) {
    case 'tournament':
      return msg('Tournament', { id: 'section.sport' });
    case 'stage':
      return msg('Stage', { id: 'meta.stage' });
    case 'table':
      return msg('Table', { id: 'meta.table' });
    case 'game':
      return msg('Game', { id: 'section.game' });
  }
}

/** The forum game's tables the settings form edits. */
export function forumSettingName(key: 'autoDen' | (typeof FORUM_FORM_KEYS)[number]): string {
  switch (key) {
    case 'autoDen':
      return msg('The Maniac’s automatic den', { id: 'forum.autoDen' });
    case 'victoryPoints':
      return msg('Points for the lair’s victory', { id: 'forum.victoryPoints' });
    case 'hangingPoints':
      return msg('Points for a hanging', { id: 'forum.hangingPoints' });
    case 'selfDefenceUses':
      return msg('The Killer’s self-defences per game', { id: 'forum.selfDefenceUses' });
    case 'trainLevel':
      return msg('Level to train into a mafioso', { id: 'forum.trainLevel' });
    case 'trainPoints':
      return msg('The unfaithful’s points to train', { id: 'forum.trainPoints' });
  }
}

import type { GameState } from '../engine/state.js';
import { buildClubSheet, type ClubSheet } from './club-sheet.js';
import { renderClubSheetHtml } from './club-sheet-html.js';
import { buildSheet, type GameSheet } from './sheet.js';
import { renderSheetHtml } from './sheet-html.js';

/** A game's protocol: the club's (seed 004) for a club game, sport's for every other. */
export type AnySheet = GameSheet | ClubSheet;

export const sheetOf = (s: GameState): AnySheet =>
  s.settings.preset === 'club' ? buildClubSheet(s) : buildSheet(s);

/** The rule sets whose games keep a protocol that players see (the judge's or host's, then everyone's). */
export const keepsSheet = (s: GameState): boolean =>
  s.settings.preset === 'sport' || s.settings.preset === 'club';

/** The protocol's printable page in the reader's language (`en`, `ru`, `fr`, `es`, `ro`). */
export const renderAnySheetHtml = (sheet: AnySheet, lang = 'en'): string =>
  'rules' in sheet ? renderClubSheetHtml(sheet, lang) : renderSheetHtml(sheet, lang);

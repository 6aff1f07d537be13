import type { ActionLine, ClubDayLine, ClubNightLine, ClubSeatLine, ClubSheet } from './club-sheet.js';
import {
  checkText,
  dayTable,
  header,
  html,
  left,
  type Markup,
  page,
  pageTitle,
  STYLE,
  seats,
} from './sheet-html.js';
import type { ClubLabels, SheetLabels } from './sheet-labels/index.js';
import { fill, sheetLabels } from './sheet-labels/index.js';

const CLUB_STYLE = `
.club .seats td { height: 5.5mm; }
.club .acq td, .club .acq th { text-align: center; }
`;

/** A name from one of the club's lists; an id the club's rules never deal is printed as it is. */
const named = <K extends string>(names: Record<K, string>, id: string): string =>
  Object.hasOwn(names, id) ? names[id as K] : id;

function seatRow(L: SheetLabels, line: ClubSeatLine): Markup {
  const remarks = line.remarks > 0 ? line.remarks : null;
  return html`<tr><td class="n">${line.seat}</td><td>${line.player}</td><td>${named(L.club.roles, line.role)}</td><td class="pt">${remarks}</td><td class="left">${left(L, line.left)}</td></tr>`;
}

function seatTable(L: SheetLabels, sheet: ClubSheet): Markup {
  return html`<table class="seats">
<colgroup><col style="width:10mm"><col style="width:60mm"><col style="width:30mm"><col style="width:18mm"><col></colgroup>
<thead><tr><th>${L.seat}</th><th>${L.player}</th><th>${L.role}</th><th>${L.club.remarks}</th><th>${L.left}</th></tr></thead>
<tbody>${sheet.seats.map((line) => seatRow(L, line))}</tbody>
</table>`;
}

function acquaintance(C: ClubLabels, sheet: ClubSheet): Markup {
  return html`<table class="acq">
<thead><tr>${sheet.acquaintance.map((a) => html`<th>${named(C.wake, a.wake)}</th>`)}</tr></thead>
<tbody><tr>${sheet.acquaintance.map((a) => html`<td>${seats(a.seats)}</td>`)}</tr></tbody>
</table>`;
}

const act = (C: ClubLabels, a: ActionLine | null) =>
  a ? `${a.seat}→${a.target}${a.blocked ? ` (${C.blocked})` : ''}` : '—';

const clubCheck = (L: SheetLabels, c: ClubNightLine['donCheck']) => {
  if (!c) return '—';
  const text = c.result
    ? checkText(L, { ...c, result: c.result })
    : `${c.seat}: ${fill(L.seatNumber, c.target)}`;
  return `${text}${c.blocked ? ` (${L.club.blocked})` : ''}`;
};

function nightRow(L: SheetLabels, n: ClubNightLine): Markup {
  const C = L.club;
  const shots = n.shots.length > 0 ? n.shots.map((s) => act(C, s)).join(', ') : '—';
  const outcomes = n.outcomes
    .map(
      (o) =>
        `${named(C.wake, o.by)}: ${o.target === null ? '' : `${fill(L.seatNumber, o.target)} `}${C.reason[o.reason]}`,
    )
    .join('; ');
  return html`<tr><td>${fill(C.nightNumber, n.round)}</td><td>${act(C, n.block)}</td><td>${shots}</td><td>${clubCheck(L, n.donCheck)}</td><td>${clubCheck(L, n.sheriffCheck)}</td><td>${act(C, n.heal)}</td><td>${act(C, n.kill)}</td><td>${outcomes || '—'}; ${fill(C.out, seats(n.deaths))}</td></tr>`;
}

function nightTable(L: SheetLabels, sheet: ClubSheet): Markup {
  const C = L.club;
  return html`<table class="nights">
<thead><tr><th>${L.night}</th><th>${C.putana}</th><th>${C.mafiaShot}</th><th>${L.don}</th><th>${L.sheriff}</th><th>${C.doctor}</th><th>${C.maniac}</th><th>${C.outcome}</th></tr></thead>
<tbody>${sheet.nights.map((n) => nightRow(L, n))}</tbody>
</table>`;
}

function clubDay(L: SheetLabels, day: ClubDayLine): Markup {
  const stayed = day.stayed.map((seat) => ` · ${fill(L.club.stays, fill(L.seatNumber, seat))}`).join('');
  const note = day.alibi === null ? null : ` · ${fill(L.club.alibi, fill(L.seatNumber, day.alibi))}${stayed}`;
  return dayTable(L, day, note);
}

/**
 * The club protocol as one printable, self-contained A4 page (seed 004, E3, E5, E13), in the reader's
 * language (`en`, `ru`, `fr`, `es`, `ro`; English for any other).
 */
export function renderClubSheetHtml(sheet: ClubSheet, lang = 'en'): string {
  const L = sheetLabels(lang);
  const C = L.club;
  const h = sheet.header;
  const title = pageTitle(C.title, [
    h.table && fill(L.tableNumber, h.table),
    h.game && fill(L.gameNumber, h.game),
    h.date,
  ]);
  const winner = sheet.winner ? `${named(C.winners, sheet.winner)} (${seats(sheet.winners)})` : '';
  return page(
    L,
    title,
    STYLE + CLUB_STYLE,
    html`<main class="sheet club">
${header(L, sheet, C.host)}
${seatTable(L, sheet)}
<h2>${C.acquaintance}</h2>${acquaintance(C, sheet)}
<h2>${L.nights}</h2>${nightTable(L, sheet)}
<h2>${C.days}</h2>${sheet.days.map((d) => clubDay(L, d))}
<h2>${L.winner}</h2><div class="box">${winner}</div>
<div class="signatures"><p>${fill(C.hostSigned, h.judge)}</p><p>${C.hostSignature}</p></div>
</main>`,
  );
}

import type { NightOutcome } from '../log/records.js';
import type { RoleId, WakeGroup, Winner } from '../roles/index.js';
import type { ActionLine, ClubDayLine, ClubNightLine, ClubSeatLine, ClubSheet } from './club-sheet.js';
import { CHECK, dayTable, header, html, left, Markup, STYLE, seats } from './sheet-html.js';

const ROLE: Partial<Record<RoleId, string>> = {
  civilian: 'Civilian',
  mafia: 'Mafioso',
  don: 'Don',
  lover: 'Putana',
  sheriff: 'Sheriff',
  doctor: 'Doctor',
  maniac: 'Maniac',
};

const WAKE: Partial<Record<WakeGroup, string>> = {
  lover: 'Putana',
  mafia: 'Mafia with the Don',
  don: 'Don',
  sheriff: 'Sheriff',
  doctor: 'Doctor',
  maniac: 'Maniac',
};

const WINNER: Partial<Record<Winner, string>> = {
  town: 'Town',
  mafia: 'Mafia',
  maniac: 'Maniac',
  draw: 'Draw',
};

const REASON: Record<NightOutcome['reason'], string> = {
  killed: 'killed',
  notAllShot: 'not all shot',
  splitTargets: 'split targets',
  noShot: 'no shot',
  immune: 'immune',
  savedByDoctor: 'saved by the Doctor',
  guarded: 'guarded',
  diedGuarding: 'died guarding',
  blocked: 'blocked by the Putana',
  recorded: 'recorded miss',
};

const CLUB_STYLE = `
.club .seats td { height: 5.5mm; }
.club .acq td, .club .acq th { text-align: center; }
`;

function seatRow(line: ClubSeatLine): Markup {
  const remarks = line.remarks > 0 ? line.remarks : null;
  return html`<tr><td class="n">${line.seat}</td><td>${line.player}</td><td>${ROLE[line.role] ?? line.role}</td><td class="pt">${remarks}</td><td class="left">${left(line.left)}</td></tr>`;
}

function seatTable(sheet: ClubSheet): Markup {
  return html`<table class="seats">
<colgroup><col style="width:10mm"><col style="width:60mm"><col style="width:30mm"><col style="width:18mm"><col></colgroup>
<thead><tr><th>Seat</th><th>Player</th><th>Role</th><th>Remarks</th><th>Left the game</th></tr></thead>
<tbody>${sheet.seats.map(seatRow)}</tbody>
</table>`;
}

function acquaintance(sheet: ClubSheet): Markup {
  return html`<table class="acq">
<thead><tr>${sheet.acquaintance.map((a) => html`<th>${WAKE[a.wake] ?? a.wake}</th>`)}</tr></thead>
<tbody><tr>${sheet.acquaintance.map((a) => html`<td>${seats(a.seats)}</td>`)}</tr></tbody>
</table>`;
}

const act = (a: ActionLine | null) => (a ? `${a.seat}→${a.target}${a.blocked ? ' (blocked)' : ''}` : '—');
const check = (c: ClubNightLine['donCheck']) => (c ? `${c.seat}: #${c.target} ${CHECK[c.result]}` : '—');

function nightRow(n: ClubNightLine): Markup {
  const shots = n.shots.length > 0 ? n.shots.map((s) => act(s)).join(', ') : '—';
  const outcomes = n.outcomes
    .map((o) => `${WAKE[o.by] ?? o.by}: ${o.target === null ? '' : `#${o.target} `}${REASON[o.reason]}`)
    .join('; ');
  return html`<tr><td>Night ${n.round}</td><td>${act(n.block)}</td><td>${shots}</td><td>${check(n.donCheck)}</td><td>${check(n.sheriffCheck)}</td><td>${act(n.heal)}</td><td>${act(n.kill)}</td><td>${outcomes || '—'}; out ${seats(n.deaths)}</td></tr>`;
}

function nightTable(sheet: ClubSheet): Markup {
  return html`<table class="nights">
<thead><tr><th>Night</th><th>Putana</th><th>Mafia's shot</th><th>Don</th><th>Sheriff</th><th>Doctor</th><th>Maniac</th><th>Outcome</th></tr></thead>
<tbody>${sheet.nights.map(nightRow)}</tbody>
</table>`;
}

function clubDay(day: ClubDayLine): Markup {
  const stayed = day.stayed.map((seat) => ` · #${seat} stays on the Putana's alibi`).join('');
  const note = day.alibi === null ? null : ` · alibi #${day.alibi}${stayed}`;
  return dayTable(day, note);
}

/** The club protocol as one printable, self-contained A4 page (seed 004, E3, E5, E13). */
export function renderClubSheetHtml(sheet: ClubSheet): string {
  const h = sheet.header;
  const title = ['Club game sheet', h.table && `table ${h.table}`, h.game && `game ${h.game}`, h.date]
    .filter(Boolean)
    .join(' · ');
  const winner = sheet.winner ? `${WINNER[sheet.winner] ?? sheet.winner} (${seats(sheet.winners)})` : '';
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${new Markup(STYLE + CLUB_STYLE)}</style></head>
<body><main class="sheet club">
${header(sheet, 'Host')}
${seatTable(sheet)}
<h2>Acquaintance night</h2>${acquaintance(sheet)}
<h2>Nights</h2>${nightTable(sheet)}
<h2>Days</h2>${sheet.days.map(clubDay)}
<h2>Winner</h2><div class="box">${winner}</div>
<div class="signatures"><p>Host: ${h.judge}</p><p>Host's signature</p></div>
</main></body>
</html>
`.text;
}

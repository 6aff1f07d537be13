import type { Seat } from '../domain/vocabulary.js';
import type { BallotLine, DayLine, Departure, GameSheet, NightLine, SeatLine, SheetWinner } from './sheet.js';

/** Markup already built and escaped; everything else that goes into the page is escaped on the way in. */
export class Markup {
  constructor(readonly text: string) {}
}

export type Part = Markup | string | number | null | readonly Part[];

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

const piece = (p: Part): string =>
  p === null
    ? ''
    : p instanceof Markup
      ? p.text
      : Array.isArray(p)
        ? p.map(piece).join('')
        : escapeText(String(p));

/** A template whose every value is escaped unless it is Markup: player names and reasons are user input. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): Markup {
  return new Markup(strings.reduce((out, s, i) => out + s + (i < parts.length ? piece(parts[i]) : ''), ''));
}

/** Points as the paper sheet writes them: 1, 0.5, -0.5, 0. */
const num = (n: number) => String(Number(n.toFixed(2)));
export const seats = (list: Seat[]) => (list.length > 0 ? list.join(', ') : '—');
const clock = (iso: string) => iso.slice(11, 19);

const LEFT: Record<Departure['how'], string> = {
  shot: 'shot, night',
  killed: 'killed, night',
  vote: 'voted out, day',
  fouls: '4th foul, round',
  disqualified: 'disqualified, round',
  removed: 'removed by the judge, round',
  gaveUp: 'gave up, round',
};

const WINNER: Record<SheetWinner, string> = {
  red: 'Red (town)',
  black: 'Black (mafia)',
  draw: 'Draw',
  maniac: 'Maniac',
  yakuza: 'Yakuza',
  jester: 'Jester',
};

const DECIDED: Record<BallotLine['decided'], string> = {
  out: 'out',
  revote: 'split → revote',
  lift: 'same split → lift-all vote',
  allOut: 'all leave',
  allStay: 'all stay',
  nobody: 'nobody leaves',
  pending: 'in progress',
};

const DAY_RESULT: Record<DayLine['result'], string> = {
  out: 'out',
  nobody: 'nobody left',
  noVote: 'no vote',
  cancelled: 'vote cancelled',
  pending: 'in progress',
};

export const CHECK = { sheriff: 'Sheriff', notSheriff: 'not Sheriff', red: 'red', black: 'black' } as const;

export const STYLE = `
@page { size: A4; margin: 9mm; }
* { box-sizing: border-box; }
body { margin: 0; font: 8pt/1.25 "Helvetica Neue", Arial, sans-serif; color: #000; }
.sheet { width: 192mm; }
h1 { font-size: 13pt; margin: 0 0 1.5mm; display: flex; justify-content: space-between; }
h1 .draft { font-size: 9pt; border: 1px solid #000; padding: 0 2mm; }
h2 { font-size: 9pt; margin: 2.5mm 0 1mm; text-transform: uppercase; letter-spacing: .04em; }
.meta { display: grid; grid-template-columns: repeat(6, auto); gap: 0 3mm; margin: 0 0 2mm; }
.meta dt { font-size: 6.5pt; text-transform: uppercase; color: #444; }
.meta dd { margin: 0; border-bottom: 1px solid #000; min-height: 4mm; font-weight: bold; }
table { border-collapse: collapse; width: 100%; break-inside: avoid; }
th, td { border: 1px solid #000; padding: .4mm 1mm; vertical-align: top; text-align: left; }
th { font-size: 6.5pt; font-weight: normal; background: #eee; }
.seats { table-layout: fixed; }
.seats td { height: 6.5mm; vertical-align: middle; overflow-wrap: anywhere; }
.seats .n, .seats .role, .seats .pt { text-align: center; }
.seats .foul, .seats .left { font-size: 6.5pt; line-height: 1.1; }
.seats .foul { text-align: center; }
.seats .total { font-weight: bold; }
.columns { display: grid; grid-template-columns: 58% 1fr; gap: 3mm; }
.day { margin-bottom: 1.5mm; }
.day caption { text-align: left; font-weight: bold; padding: .3mm 0; }
.day .who { font-size: 6.5pt; color: #333; }
.nights td { font-size: 7pt; }
.summary { display: grid; grid-template-columns: 1fr 2fr; gap: 3mm; margin-top: 2mm; }
.box { border: 1px solid #000; padding: 1mm 1.5mm; min-height: 8mm; }
.lines p { border-bottom: 1px solid #000; height: 5mm; margin: 0; }
.signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 8mm; margin-top: 5mm; }
.signatures p { border-top: 1px solid #000; padding-top: .5mm; margin: 6mm 0 0; font-size: 7pt; }
/* On a phone's screen: the page fits its width, larger type, one column; the wide tables scroll sideways. */
@media screen and (max-width: 760px) {
  body { font-size: 11pt; padding: 3mm; }
  .sheet { width: auto; }
  .meta { grid-template-columns: repeat(2, auto); }
  .columns { grid-template-columns: minmax(0, 1fr); }
  .columns > * { min-width: 0; }
  table { display: block; max-width: 100%; overflow-x: auto; }
  th { font-size: 9pt; }
}
`;

/** The header block of a sheet (both rule sets'), with the working-copy mark until the game is over. */
export function header(sheet: Pick<GameSheet, 'header' | 'final'>, judge = 'Judge'): Markup {
  const h = sheet.header;
  const field = (label: string, value: string) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
  return html`<header>
<h1><span>Game sheet</span>${sheet.final ? null : html`<span class="draft">Working copy — not final</span>`}</h1>
<dl class="meta">${[
    field('Tournament', h.tournament),
    field('Stage', h.stage),
    field('Date', h.date),
    field('Table', h.table),
    field('Game', h.game),
    field(judge, h.judge),
  ]}</dl>
</header>`;
}

export function left(d: Departure | null): Part {
  if (!d) return null;
  const text = `${LEFT[d.how]} ${d.round}`;
  return d.reason ? html`${text}: <em>${d.reason}</em>` : text;
}

function seatRow(line: SeatLine): Markup {
  const fouls = [0, 1, 2, 3].map((i) => {
    const f = line.fouls[i];
    return f ? html`<td class="foul">${clock(f.at)}<br>r${f.round}</td>` : html`<td class="foul"></td>`;
  });
  const p = line.points;
  const pts = p
    ? [p.win, p.bestMove, p.extra, p.penalty].map((n) => html`<td class="pt">${num(n)}</td>`)
    : [];
  const total = p ? html`<td class="pt total">${num(p.total)}</td>` : html`<td class="pt total"></td>`;
  return html`<tr><td class="n">${line.seat}</td><td>${line.player}</td><td class="role">${line.role}</td>${fouls}<td class="left">${left(line.left)}</td>${p ? pts : html`<td></td><td></td><td></td><td></td>`}${total}</tr>`;
}

function seatTable(sheet: GameSheet): Markup {
  return html`<table class="seats">
<colgroup><col style="width:8mm"><col style="width:38mm"><col style="width:9mm"><col span="4" style="width:12mm"><col style="width:36mm"><col span="5"></colgroup>
<thead><tr><th rowspan="2">Seat</th><th rowspan="2">Player</th><th rowspan="2">Role</th><th colspan="4">Fouls (time UTC, round)</th><th rowspan="2">Left the game</th><th colspan="5">Points</th></tr>
<tr><th>1</th><th>2</th><th>3</th><th>4</th><th>Win</th><th>Best move</th><th>Extra</th><th>Penalty</th><th>Total</th></tr></thead>
<tbody>${sheet.seats.map(seatRow)}</tbody>
</table>`;
}

const KIND = { vote: 'Vote', revote: 'Revote', lift: 'Lift all' } as const;

function ballotRow(b: BallotLine, columns: Seat[]): Markup {
  const cell = (key: string) => {
    const hands = b.voters[key] ?? [];
    const unused = hands.filter((seat) => b.unused.includes(seat));
    const raised = hands.filter((seat) => !unused.includes(seat));
    const parts = [
      raised.length > 0 || unused.length === 0 ? seats(raised) : '',
      unused.length > 0 ? `unused ${seats(unused)}` : '',
    ];
    const note = parts.filter(Boolean).join('; ');
    return html`${b.tally[key] ?? 0} <span class="who">(${note})</span>`;
  };
  const cells =
    b.kind === 'lift'
      ? html`<td colspan="${columns.length}">leave ${cell('leave')} · stay ${cell('stay')}</td>`
      : columns.map((c) => (b.candidates.includes(c) ? html`<td>${cell(String(c))}</td>` : html`<td></td>`));
  // A leader who stays on an alibi (club, E12) is not written as leaving.
  const out = b.decided === 'out' || b.decided === 'allOut';
  const leaves = out && b.leaves.length > 0 ? ` ${b.leaves.map((s) => `#${s}`).join(', ')}` : '';
  return html`<tr><td>${KIND[b.kind]}</td>${cells}<td>${DECIDED[b.decided]}${leaves}</td></tr>`;
}

export function dayTable(day: DayLine, note: Part = null): Markup {
  const noms = day.nominations.map((n) => `${n.by}→${n.target}`).join(', ') || 'none';
  const columns = day.ballots[0]?.candidates ?? [];
  const result = `${DAY_RESULT[day.result]}${day.leaves.length > 0 ? ` ${day.leaves.map((s) => `#${s}`).join(', ')}` : ''}`;
  const head = html`<tr><th>Ballot</th>${columns.map((c) => html`<th>#${c}</th>`)}<th>Decided</th></tr>`;
  return html`<table class="day"><caption>Day ${day.round} · nominated ${noms} · ${result}${note}</caption>
${day.ballots.length > 0 ? html`<thead>${head}</thead><tbody>${day.ballots.map((b) => ballotRow(b, columns))}</tbody>` : null}</table>`;
}

function nightRow(n: NightLine): Markup {
  const shots = n.recorded
    ? 'recorded by the judge'
    : n.shots.map((s) => `${s.seat}→${s.target ?? 'none'}`).join(', ');
  const result = n.result === 'joint' ? `joint shot #${n.target}` : 'miss';
  const check = (c: NightLine['donCheck']) => (c ? `${c.seat}: #${c.target} ${CHECK[c.result]}` : '—');
  return html`<tr><td>${n.round}</td><td>${shots}</td><td>${result}</td><td>${check(n.donCheck)}</td><td>${check(n.sheriffCheck)}</td></tr>`;
}

function nightTable(sheet: GameSheet): Markup {
  return html`<table class="nights">
<thead><tr><th>Night</th><th>Shots</th><th>Result</th><th>Don</th><th>Sheriff</th></tr></thead>
<tbody>${sheet.nights.map(nightRow)}</tbody>
</table>`;
}

function summary(sheet: GameSheet): Markup {
  const b = sheet.bestMove;
  const best = b
    ? html`#${b.seat} ${b.player}: ${seats(b.targets)} — ${b.blacks} black, +${num(b.bonus)}`
    : 'none';
  return html`<div class="summary">
<div><h2>Winner</h2><div class="box">${sheet.winner ? WINNER[sheet.winner] : ''}</div></div>
<div><h2>Best move</h2><div class="box">${best}</div></div>
</div>`;
}

function protests(sheet: GameSheet): Markup {
  const written = sheet.protests.map((p) => html`<p>${p}</p>`);
  const blank = Array.from({ length: Math.max(0, 3 - written.length) }, () => html`<p></p>`);
  return html`<h2>Protests</h2><div class="lines">${written}${blank}</div>`;
}

/** The sheet as one printable, self-contained A4 page (sport-rules.md "The game sheet"). */
export function renderSheetHtml(sheet: GameSheet): string {
  const h = sheet.header;
  const title = [
    'Game sheet',
    h.tournament,
    h.stage,
    h.table && `table ${h.table}`,
    h.game && `game ${h.game}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${new Markup(STYLE)}</style></head>
<body><main class="sheet">
${header(sheet)}
${seatTable(sheet)}
${summary(sheet)}
<div class="columns">
<section><h2>Voting</h2>${sheet.days.map(dayTable)}</section>
<section><h2>Nights</h2>${nightTable(sheet)}</section>
</div>
${protests(sheet)}
<div class="signatures"><p>Judge: ${h.judge}</p><p>Judge's signature</p></div>
</main></body>
</html>
`.text;
}

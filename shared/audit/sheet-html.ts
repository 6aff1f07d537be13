import type { Seat } from '../domain/vocabulary.js';
import type { BallotLine, DayLine, Departure, GameSheet, NightLine, SeatLine } from './sheet.js';
import { fill, type SheetLabels, sheetDate, sheetLabels } from './sheet-labels/index.js';

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
/** Seats as "#3, #7" ("№3, №7" in Russian). */
export const seatMarks = (L: SheetLabels, list: Seat[]) => list.map((s) => fill(L.seatNumber, s)).join(', ');
const clock = (iso: string) => iso.slice(11, 19);

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
  /* The A4 column widths give way to the words: a name or a label breaks between words, never inside one. */
  .seats { table-layout: auto; }
  .seats col { width: auto !important; }
  .seats td { height: auto; overflow-wrap: normal; }
  .seats td:nth-child(2) { white-space: nowrap; }
  .seats .left { min-width: 10em; }
  .seats .foul, .seats .left, .nights td, .day .who, .signatures p { font-size: 9pt; }
}
`;

/** The header block of a sheet (both rule sets'), with the working-copy mark until the game is over. */
export function header(L: SheetLabels, sheet: Pick<GameSheet, 'header' | 'final'>, judge = L.judge): Markup {
  const h = sheet.header;
  const field = (label: string, value: string) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`;
  return html`<header>
<h1><span>${L.title}</span>${sheet.final ? null : html`<span class="draft">${L.draft}</span>`}</h1>
<dl class="meta">${[
    field(L.tournament, h.tournament),
    field(L.stage, h.stage),
    field(L.dateLabel, sheetDate(L, h.date)),
    field(L.table, h.table),
    field(L.game, h.game),
    field(judge, h.judge),
  ]}</dl>
</header>`;
}

export function left(L: SheetLabels, d: Departure | null): Part {
  if (!d) return null;
  const text = fill(L.leftHow[d.how], d.round);
  return d.reason ? html`${text}: <em>${d.reason}</em>` : text;
}

/** The page's title: the sheet's name and whichever of its header's parts are filled in. */
export function pageTitle(name: string, parts: Array<string | false>): string {
  return [name, ...parts].filter(Boolean).join(' · ');
}

/** The page around a sheet's body: the language, a phone's viewport, the inline style. */
export function page(L: SheetLabels, title: string, style: string, body: Markup): string {
  return html`<!doctype html>
<html lang="${L.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${new Markup(style)}</style></head>
<body>${body}</body>
</html>
`.text;
}

function seatRow(L: SheetLabels, line: SeatLine): Markup {
  const fouls = [0, 1, 2, 3].map((i) => {
    const f = line.fouls[i];
    return f
      ? html`<td class="foul">${clock(f.at)}<br>${fill(L.foulRound, f.round)}</td>`
      : html`<td class="foul"></td>`;
  });
  const p = line.points;
  const pts = p
    ? [p.win, p.bestMove, p.extra, p.penalty].map((n) => html`<td class="pt">${num(n)}</td>`)
    : [];
  const total = p ? html`<td class="pt total">${num(p.total)}</td>` : html`<td class="pt total"></td>`;
  const role = line.role ? L.roleLetter[line.role] : '';
  return html`<tr><td class="n">${line.seat}</td><td>${line.player}</td><td class="role">${role}</td>${fouls}<td class="left">${left(L, line.left)}</td>${p ? pts : html`<td></td><td></td><td></td><td></td>`}${total}</tr>`;
}

function seatTable(L: SheetLabels, sheet: GameSheet): Markup {
  return html`<table class="seats">
<colgroup><col style="width:8mm"><col style="width:38mm"><col style="width:9mm"><col span="4" style="width:12mm"><col style="width:36mm"><col span="5"></colgroup>
<thead><tr><th rowspan="2">${L.seat}</th><th rowspan="2">${L.player}</th><th rowspan="2">${L.role}</th><th colspan="4">${L.fouls}</th><th rowspan="2">${L.left}</th><th colspan="5">${L.points}</th></tr>
<tr><th>1</th><th>2</th><th>3</th><th>4</th><th>${L.win}</th><th>${L.bestMove}</th><th>${L.extra}</th><th>${L.penalty}</th><th>${L.total}</th></tr></thead>
<tbody>${sheet.seats.map((line) => seatRow(L, line))}</tbody>
</table>`;
}

function ballotRow(L: SheetLabels, b: BallotLine, columns: Seat[]): Markup {
  const cell = (key: string) => {
    const hands = b.voters[key] ?? [];
    const unused = hands.filter((seat) => b.unused.includes(seat));
    const raised = hands.filter((seat) => !unused.includes(seat));
    const parts = [
      raised.length > 0 || unused.length === 0 ? seats(raised) : '',
      unused.length > 0 ? fill(L.unused, seats(unused)) : '',
    ];
    const note = parts.filter(Boolean).join('; ');
    return html`${b.tally[key] ?? 0} <span class="who">(${note})</span>`;
  };
  const [leave, stay] = [cell('leave'), cell('stay')].map((c) => c.text);
  const cells =
    b.kind === 'lift'
      ? html`<td colspan="${columns.length}">${new Markup(fill(escapeText(L.leaveStay), leave, stay))}</td>`
      : columns.map((c) => (b.candidates.includes(c) ? html`<td>${cell(String(c))}</td>` : html`<td></td>`));
  // A leader who stays on an alibi (club, E12) is not written as leaving.
  const out = b.decided === 'out' || b.decided === 'allOut';
  const leaves = out && b.leaves.length > 0 ? ` ${seatMarks(L, b.leaves)}` : '';
  return html`<tr><td>${L.ballotKind[b.kind]}</td>${cells}<td>${L.decision[b.decided]}${leaves}</td></tr>`;
}

export function dayTable(L: SheetLabels, day: DayLine, note: string | null = null): Markup {
  const noms = day.nominations.map((n) => `${n.by}→${n.target}`).join(', ') || L.none;
  const columns = day.ballots[0]?.candidates ?? [];
  const result = `${L.dayResult[day.result]}${day.leaves.length > 0 ? ` ${seatMarks(L, day.leaves)}` : ''}`;
  const head = html`<tr><th>${L.ballot}</th>${columns.map((c) => html`<th>${fill(L.seatNumber, c)}</th>`)}<th>${L.decided}</th></tr>`;
  return html`<table class="day"><caption>${fill(L.dayCaption, day.round, noms, result)}${note}</caption>
${day.ballots.length > 0 ? html`<thead>${head}</thead><tbody>${day.ballots.map((b) => ballotRow(L, b, columns))}</tbody>` : null}</table>`;
}

/** A check as the sheet writes it: "2: #5 black". */
export const checkText = (L: SheetLabels, c: NightLine['donCheck']) =>
  c ? `${c.seat}: ${fill(L.seatNumber, c.target)} ${L.check[c.result]}` : '—';

function nightRow(L: SheetLabels, n: NightLine): Markup {
  const shots = n.recorded
    ? L.recordedByJudge
    : n.shots.map((s) => `${s.seat}→${s.target ?? L.none}`).join(', ');
  const result = n.result === 'joint' ? fill(L.jointShot, fill(L.seatNumber, n.target ?? '')) : L.miss;
  return html`<tr><td>${n.round}</td><td>${shots}</td><td>${result}</td><td>${checkText(L, n.donCheck)}</td><td>${checkText(L, n.sheriffCheck)}</td></tr>`;
}

function nightTable(L: SheetLabels, sheet: GameSheet): Markup {
  return html`<table class="nights">
<thead><tr><th>${L.night}</th><th>${L.shots}</th><th>${L.result}</th><th>${L.don}</th><th>${L.sheriff}</th></tr></thead>
<tbody>${sheet.nights.map((n) => nightRow(L, n))}</tbody>
</table>`;
}

function summary(L: SheetLabels, sheet: GameSheet): Markup {
  const b = sheet.bestMove;
  const best = b
    ? fill(L.bestMoveLine, fill(L.seatNumber, b.seat), b.player, seats(b.targets), b.blacks, num(b.bonus))
    : L.none;
  return html`<div class="summary">
<div><h2>${L.winner}</h2><div class="box">${sheet.winner ? L.winners[sheet.winner] : ''}</div></div>
<div><h2>${L.bestMove}</h2><div class="box">${best}</div></div>
</div>`;
}

function protests(L: SheetLabels, sheet: GameSheet): Markup {
  const written = sheet.protests.map((p) => html`<p>${p}</p>`);
  const blank = Array.from({ length: Math.max(0, 3 - written.length) }, () => html`<p></p>`);
  return html`<h2>${L.protests}</h2><div class="lines">${written}${blank}</div>`;
}

/**
 * The sheet as one printable, self-contained A4 page (sport-rules.md "The game sheet"), in the reader's
 * language (`en`, `ru`, `fr`, `es`, `ro`; English for any other).
 */
export function renderSheetHtml(sheet: GameSheet, lang = 'en'): string {
  const L = sheetLabels(lang);
  const h = sheet.header;
  const title = pageTitle(L.title, [
    h.tournament,
    h.stage,
    h.table && fill(L.tableNumber, h.table),
    h.game && fill(L.gameNumber, h.game),
  ]);
  return page(
    L,
    title,
    STYLE,
    html`<main class="sheet">
${header(L, sheet)}
${seatTable(L, sheet)}
${summary(L, sheet)}
<div class="columns">
<section><h2>${L.voting}</h2>${sheet.days.map((d) => dayTable(L, d))}</section>
<section><h2>${L.nights}</h2>${nightTable(L, sheet)}</section>
</div>
${protests(L, sheet)}
<div class="signatures"><p>${fill(L.judgeSigned, h.judge)}</p><p>${L.judgeSignature}</p></div>
</main>`,
  );
}

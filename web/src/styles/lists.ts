import { css } from 'lit';

/**
 * A list drawn as rows: no bullets or indent, a rule under each row, the speaker of a row (`.who`) in bold.
 * The chat, the forum thread, a replayed moment and the club sheet; each may space its rows its own way.
 */
export const ruledList = css`
  ul,
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    padding: 0.3rem 0;
    border-bottom: 1px solid var(--line);
  }
  .who {
    font-weight: 700;
  }
`;

/** A description list as two columns, each term in bold beside its value: short facts that fit a phone. */
export const termGrid = css`
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.2rem 0.75rem;
    margin: 0;
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
`;

/** A table of figures ruled under each row, numbers in even columns: standings, a player's games. */
export const ruledTable = css`
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.9rem;
  }
  th,
  td {
    border-bottom: 1px solid var(--line);
    padding: 0.35rem 0.25rem;
    text-align: left;
    font-variant-numeric: tabular-nums;
  }
  @media print {
    th,
    td {
      border-color: #000;
    }
  }
`;

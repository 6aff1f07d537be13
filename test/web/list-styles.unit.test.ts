import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = (file: string) => readFileSync(new URL(`../../web/src/${file}`, import.meta.url), 'utf8');
/** The element's `static styles` list, as written. */
const stylesOf = (file: string) =>
  /static override styles = \[([\s\S]*?)\n {2}\];/.exec(source(file))?.[1] ?? '';

const ruled = [
  'components/chat-panel.ts',
  'components/forum-thread.ts',
  'components/replay-moment.ts',
  'components/club-sheet-view.ts',
];
const termGrids = ['components/replay-moment.ts', 'components/club-sheet-view.ts', 'pages/sheet-page.ts'];

describe('list styles are written once', () => {
  it.each(ruled)(
    'given %s, which draws lists as ruled rows, then it takes them from ruledList and does not copy them',
    (file) => {
      expect(stylesOf(file)).toMatch(/^\s*shared,\s*ruledList,/);
      expect(stylesOf(file)).not.toContain('list-style: none');
      expect(stylesOf(file)).not.toMatch(/\.who \{/);
    },
  );

  it.each(termGrids)(
    'given %s, which shows terms beside values, then it takes the grid from termGrid and does not copy it',
    (file) => {
      expect(stylesOf(file)).toMatch(/^\s*shared,\s*(ruledList,\s*)?termGrid,/);
      expect(stylesOf(file)).not.toContain('grid-template-columns: auto 1fr');
    },
  );

  it('then the rows and the grid themselves live in web/src/styles/lists.ts', () => {
    const lists = source('styles/lists.ts');
    expect(lists).toContain('export const ruledList = css`');
    expect(lists).toContain('export const termGrid = css`');
    expect(lists).toContain('grid-template-columns: auto 1fr;');
  });
});

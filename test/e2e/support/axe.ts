import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What axe found on one screen: each serious or critical rule broken, with where. */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it stands (open shadow roots included) and returns its serious and critical
 * violations. The script goes in through the debugging protocol, so the app's content security policy,
 * which rightly refuses injected scripts, does not stand in its way.
 */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } })
      .axe;
    interface AxeResults {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: unknown[]; html: string }>;
      }>;
    }
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 300)}`),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * The live regions' texts on the page (aria-live, role status/alert/log), through the shadow roots: what a
 * screen reader announces by itself.
 */
export function liveTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    // The words a screen reader reads out: hidden parts left out, shadow roots and slots followed.
    const heard = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof Element)) return '';
      if (node.getAttribute('aria-hidden') === 'true' || getComputedStyle(node).display === 'none') return '';
      const kids = node.shadowRoot ? [...node.shadowRoot.childNodes] : [...node.childNodes];
      const slotted = node instanceof HTMLSlotElement ? node.assignedNodes({ flatten: true }) : [];
      return [...(slotted.length > 0 ? slotted : kids)].map(heard).join(' ');
    };
    const visit = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        const live =
          el.hasAttribute('aria-live') || ['status', 'alert', 'log'].includes(el.getAttribute('role') ?? '');
        if (live && el.getAttribute('aria-live') !== 'off') {
          const text = heard(el).replace(/\s+/g, ' ').trim();
          if (text) found.push(text);
        }
        if (el.shadowRoot) visit(el.shadowRoot);
      }
    };
    visit(document);
    return found;
  });
}

/**
 * Badges, keys and labels whose words run out of their box (scrollWidth past clientWidth), through the
 * shadow roots: each as its tag, class and text.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const boxes = 'button, label, summary, select, .tag, .badge, .chip, [role="tab"], h1, h2, h3, dt, dd';
    const visit = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll<HTMLElement>(boxes)) {
        if (el.offsetParent === null || el.clientWidth <= 1 || el.classList.contains('sr-only')) continue;
        if (el.scrollWidth > el.clientWidth + 1)
          found.push(
            `${el.localName}.${el.className || '-'} "${(el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)}" (${el.scrollWidth} > ${el.clientWidth})`,
          );
      }
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
    };
    visit(document);
    return found;
  });
}

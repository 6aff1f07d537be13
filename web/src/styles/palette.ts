/**
 * The two themes' colours. The build writes them into index.html as custom properties (so the first paint
 * is already themed) and into the manifest; a unit test holds every text pair to WCAG AA contrast.
 */
export interface Palette {
  bg: string;
  surface: string;
  fg: string;
  muted: string;
  line: string;
  accent: string;
  onAccent: string;
  focus: string;
  danger: string;
  ok: string;
  warnBg: string;
  warnFg: string;
}

export const DAY: Palette = {
  bg: '#f4efe6',
  surface: '#ffffff',
  fg: '#1c1b22',
  muted: '#55535f',
  line: '#c9bfb0',
  accent: '#8c1d2e',
  onAccent: '#ffffff',
  focus: '#1f5fbf',
  danger: '#a3152a',
  ok: '#1d6b38',
  warnBg: '#ffe08a',
  warnFg: '#3a2a00',
};

export const NIGHT: Palette = {
  bg: '#0c1024',
  surface: '#171d3a',
  fg: '#e9ecf8',
  muted: '#aeb5d6',
  line: '#36406f',
  accent: '#f3c14b',
  onAccent: '#14182e',
  focus: '#8fb4ff',
  danger: '#ff9a9a',
  ok: '#7fe0a0',
  warnBg: '#5a4500',
  warnFg: '#ffe9a8',
};

const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `--bg: #…; --on-accent: #…; …` for a style sheet. */
export function cssVars(p: Palette): string {
  return Object.entries(p)
    .map(([k, v]) => `--${kebab(k)}:${v}`)
    .join(';');
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

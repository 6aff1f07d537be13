import { NIGHT } from '../src/styles/palette.js';
import { encodePng } from './png.js';

type Rgb = [number, number, number];

const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;

const SKY = rgb(NIGHT.bg);
const MOON = rgb(NIGHT.accent);
const CITY = rgb('#232c5c');
const WINDOW = rgb('#f7d77e');

/** Buildings as [left, width, height] in units of the drawing (0..1), standing on the bottom edge. */
const SKYLINE: Array<[number, number, number]> = [
  [0.06, 0.14, 0.3],
  [0.2, 0.12, 0.42],
  [0.32, 0.16, 0.24],
  [0.48, 0.1, 0.36],
  [0.58, 0.16, 0.28],
  [0.74, 0.12, 0.46],
  [0.86, 0.1, 0.22],
];

/** The picture at a point of the unit square: sky, a crescent moon, a city asleep with one lit window. */
function paint(x: number, y: number): Rgb {
  for (const [left, width, height] of SKYLINE) {
    const top = 0.92 - height;
    if (x >= left && x < left + width && y >= top && y <= 0.92) {
      const lit = left === 0.74 && x > left + 0.04 && x < left + 0.08 && y > top + 0.08 && y < top + 0.13;
      return lit ? WINDOW : CITY;
    }
  }
  if (y > 0.92) return CITY;
  const inMoon = (x - 0.5) ** 2 + (y - 0.36) ** 2 < 0.22 ** 2;
  const inShadow = (x - 0.6) ** 2 + (y - 0.29) ** 2 < 0.19 ** 2;
  return inMoon && !inShadow ? MOON : SKY;
}

/**
 * The app icon, drawn in code so the build needs no image files: `any` has rounded corners; `maskable`
 * fills the square and keeps the picture inside the central 80 % that every mask leaves visible.
 */
export function iconPng(size: number, purpose: 'any' | 'maskable'): Buffer {
  const px = new Uint8Array(size * size * 4);
  const ss = 4; // supersampling per axis: smooth edges without a drawing library
  const scale = purpose === 'maskable' ? 0.8 : 1;
  const radius = 0.2;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const u = (i + (sx + 0.5) / ss) / size;
          const v = (j + (sy + 0.5) / ss) / size;
          if (purpose === 'any' && outsideRounded(u, v, radius)) continue;
          const [cr, cg, cb] = paint(0.5 + (u - 0.5) / scale, 0.5 + (v - 0.5) / scale);
          r += cr;
          g += cg;
          b += cb;
          a += 1;
        }
      }
      const o = (j * size + i) * 4;
      if (a > 0) {
        px[o] = Math.round(r / a);
        px[o + 1] = Math.round(g / a);
        px[o + 2] = Math.round(b / a);
      }
      px[o + 3] = Math.round((a / (ss * ss)) * 255);
    }
  }
  return encodePng(size, size, px);
}

function outsideRounded(u: number, v: number, r: number): boolean {
  const cx = Math.min(Math.max(u, r), 1 - r);
  const cy = Math.min(Math.max(v, r), 1 - r);
  return (u - cx) ** 2 + (v - cy) ** 2 > r * r;
}

import type { Viewer } from '../views/types.js';

/** The points of view a replay or a timeline can take, as written on the command line and in links. */
export const VIEWER_NAMES = ['host', 'public', 'analyst'] as const;

/** `host`, `public`, `analyst` or a seat number; null for anything else. */
export function parseViewer(text: string): Viewer | null {
  if (text === 'host') return { kind: 'host' };
  if (text === 'public') return { kind: 'spectator' };
  if (text === 'analyst') return { kind: 'analyst' };
  return /^[1-9]\d?$/.test(text) ? { kind: 'seat', seat: Number(text) } : null;
}

export function viewerName(viewer: Viewer): string {
  switch (viewer.kind) {
    case 'seat':
      return String(viewer.seat);
    case 'spectator':
      return 'public';
    default:
      return viewer.kind;
  }
}

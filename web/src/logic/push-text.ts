/**
 * What a push notification says. The service worker has no access to the app's translations, so the few
 * words of a phase change are here for each language the app speaks, picked by the browser's language.
 */
const TEXT = {
  en: {
    title: 'Sleeping City',
    day: 'Day {n} has begun',
    night: 'Night {n} has fallen',
    over: 'The game is over',
  },
  ru: { title: 'Спящий город', day: 'Начался день {n}', night: 'Наступила ночь {n}', over: 'Игра окончена' },
  es: {
    title: 'Ciudad dormida',
    day: 'Ha empezado el día {n}',
    night: 'Ha caído la noche {n}',
    over: 'La partida ha terminado',
  },
  fr: {
    title: 'Ville endormie',
    day: 'Le jour {n} commence',
    night: 'La nuit {n} tombe',
    over: 'La partie est terminée',
  },
  ro: {
    title: 'Orașul adormit',
    day: 'A început ziua {n}',
    night: 'S-a lăsat noaptea {n}',
    over: 'Jocul s-a încheiat',
  },
} as const;

export interface PhasePushBody {
  type: 'phase';
  gameId: string;
  phase: { kind: string; round: number };
}

/** The push's JSON, or null for anything else (a push this app did not send is ignored). */
export function readPhasePush(data: unknown): PhasePushBody | null {
  const b = data as Partial<PhasePushBody> | null;
  if (b?.type !== 'phase' || typeof b.gameId !== 'string' || typeof b.phase?.round !== 'number') return null;
  return b as PhasePushBody;
}

/** The notification's title and body in the first of the browser's languages the app speaks. */
export function phaseNotice(
  body: PhasePushBody,
  languages: readonly string[],
): { title: string; body: string } {
  const lang =
    languages.map((l) => l.slice(0, 2).toLowerCase()).find((l): l is keyof typeof TEXT => l in TEXT) ?? 'en';
  const t = TEXT[lang];
  const n = String(body.phase.round);
  const line = body.phase.kind === 'night' ? t.night : body.phase.kind === 'over' ? t.over : t.day;
  return { title: t.title, body: line.replace('{n}', n) };
}

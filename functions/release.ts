import manifest from '../package.json' with { type: 'json' };

/**
 * The release of this server and CLI, recorded in every game's first commit so an audit can tell which
 * release's rules a log was decided with (shared/audit/release.ts).
 */
export const RELEASE: string = manifest.version;

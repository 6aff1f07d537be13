import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { KeepResult, KeptTournament } from '../../../ports/tournament-book.js';
import { MemoryTournamentBook } from '../../memory/tournament-book.js';
import { RecordFile, type RecordFileOptions } from './record-file.js';

export const TOURNAMENTS_FILE = 'tournaments.log';

export interface LogTournamentBookOptions extends RecordFileOptions {
  /** Data directory; created if missing. Each revision of a tournament goes to `<dir>/tournaments.log`. */
  dir: string;
}

/**
 * The embedded tournament book: every revision appended to a small file with the commits' framing and group
 * commit; on opening, the highest revision of each tournament is the one kept. A revision being written
 * already blocks another of the same number, but is read only once it is durable.
 */
export class LogTournamentBook extends MemoryTournamentBook {
  private readonly writing = new Map<string, Promise<void>>();
  private file!: RecordFile;

  static async open(options: LogTournamentBookOptions): Promise<LogTournamentBook> {
    mkdirSync(options.dir, { recursive: true });
    const book = new LogTournamentBook();
    book.file = RecordFile.open(
      join(options.dir, TOURNAMENTS_FILE),
      (payload) => {
        const t = JSON.parse(payload.toString('utf8')) as KeptTournament;
        if (t.rev > (book.kept.get(t.id)?.rev ?? 0)) book.remember(t);
      },
      options,
    );
    return book;
  }

  override async keep(t: KeptTournament): Promise<KeepResult> {
    await this.writing.get(t.id);
    if (!this.follows(t)) return 'conflict';
    const previous = this.kept.get(t.id);
    const durable = this.file.append(JSON.stringify(t)).durable;
    this.remember(t);
    const written = durable.finally(() => this.writing.delete(t.id));
    this.writing.set(t.id, written);
    try {
      await written;
    } catch (error) {
      // Not on disk, so not kept: a reader must not see what a restart would lose.
      if (previous === undefined) this.kept.delete(t.id);
      else this.kept.set(t.id, previous);
      throw error;
    }
    return 'kept';
  }

  override async get(id: string): Promise<KeptTournament | null> {
    await this.writing.get(id)?.catch(() => undefined);
    return super.get(id);
  }

  /** Why the book takes no more records, or null while it does. */
  failed(): Error | null {
    return this.file.failed();
  }

  override async close(): Promise<void> {
    await this.file.close();
  }
}

import { readSync } from 'node:fs';
import { CorruptLogError } from './corrupt-log-error.js';
import { checkHeader, checkPayload, HEADER_BYTES, MAGIC } from './framing.js';

const CHUNK_BYTES = 1024 * 1024;

export interface ScanResult {
  /** Where the last complete, valid record ends: the file is cut here. */
  end: number;
  /** Bytes after `end`: a torn last write, or nothing. */
  tornBytes: number;
  /** Intact records before `end`. */
  records: number;
}

/**
 * Reads every record of a file in order, handing each payload to `onRecord` (the buffer is only valid
 * during the call). A bad record followed by no valid record is a torn last write: only the write in flight
 * at a crash can be incomplete, since the next write starts after its predecessor was synced, so nothing
 * valid can follow it. A bad record with valid records after it is damage to acknowledged data and throws
 * `CorruptLogError`.
 */
export function scanRecords(
  fd: number,
  size: number,
  path: string,
  onRecord: (payload: Buffer, offset: number) => void,
): ScanResult {
  const window = new ReadWindow(fd, size);
  let position = 0;
  let records = 0;
  while (position < size) {
    const check = recordAt(window, position);
    if (!check.ok) {
      const next = nextValidRecord(window, position + 1);
      if (next !== null) {
        throw new CorruptLogError(path, position, `${check.reason}; a valid record follows at byte ${next}`, {
          recordsBefore: records,
          damagedBytes: next - position,
          recordsAfter: countValidFrom(window, next),
        });
      }
      if (writtenWhole(window, position, check)) {
        throw new CorruptLogError(
          path,
          position,
          'checksum mismatch in the last record, which is whole on disk with none of its pages left unwritten: it was written and synced, so it may have been acknowledged',
          { recordsBefore: records, damagedBytes: size - position, recordsAfter: 0 },
        );
      }
      return { end: position, tornBytes: size - position, records };
    }
    onRecord(check.record.subarray(HEADER_BYTES), position);
    records += 1;
    position += check.record.length;
  }
  return { end: position, tornBytes: 0, records };
}

/** The page size of the file systems the log runs on: a write interrupted by a crash leaves whole pages unwritten. */
const PAGE_BYTES = 4096;

/**
 * Whether a last record that fails its checksum was nonetheless written whole: its frame is complete up to
 * the end of the file and no page of it reads as never written (all zeroes). Such a record was synced, and
 * its append may have been answered: its loss is damage to acknowledged data, not a torn write.
 */
function writtenWhole(window: ReadWindow, position: number, check: RecordAt): boolean {
  if (check.ok || check.reason !== 'checksum mismatch') return false;
  const header = window.get(position, HEADER_BYTES) as Buffer;
  const end = position + HEADER_BYTES + header.readUInt32LE(8);
  if (end !== window.size) return false;
  for (let page = Math.floor(position / PAGE_BYTES) * PAGE_BYTES; page < end; page += PAGE_BYTES) {
    const from = Math.max(page, position);
    const bytes = window.get(from, Math.min(page + PAGE_BYTES, end) - from) as Buffer;
    if (bytes.every((b) => b === 0)) return false;
  }
  return true;
}

/** Intact records from `from` to the end of the file, skipping over any further damage. */
function countValidFrom(window: ReadWindow, from: number): number {
  let count = 0;
  let position: number | null = from;
  while (position !== null && position < window.size) {
    const check = recordAt(window, position);
    if (check.ok) {
      count += 1;
      position += check.record.length;
    } else {
      position = nextValidRecord(window, position + 1);
    }
  }
  return count;
}

type RecordAt = { ok: true; record: Buffer } | { ok: false; reason: string };

function recordAt(window: ReadWindow, position: number): RecordAt {
  const header = window.get(position, HEADER_BYTES);
  if (header === null) return { ok: false, reason: 'incomplete header at the end of the file' };
  const check = checkHeader(header);
  if (!check.ok) return check;
  const record = window.get(position, HEADER_BYTES + check.length);
  if (record === null) return { ok: false, reason: 'record runs past the end of the file' };
  if (!checkPayload(record)) return { ok: false, reason: 'checksum mismatch' };
  return { ok: true, record };
}

function nextValidRecord(window: ReadWindow, from: number): number | null {
  let position = from;
  while (position + HEADER_BYTES <= window.size) {
    const chunk = window.get(position, Math.min(CHUNK_BYTES, window.size - position))!;
    const hit = chunk.indexOf(MAGIC);
    if (hit < 0) {
      // Keep the last bytes: a magic may straddle the chunk boundary.
      position += chunk.length - (MAGIC.length - 1);
      continue;
    }
    if (recordAt(window, position + hit).ok) return position + hit;
    position += hit + 1;
  }
  return null;
}

/** Sequential reads through a file in large chunks; a record larger than a chunk gets a window of its own. */
class ReadWindow {
  private buffer = Buffer.alloc(0);
  private start = 0;

  constructor(
    private readonly fd: number,
    readonly size: number,
  ) {}

  /** The bytes [position, position + length), or null when the file is shorter. */
  get(position: number, length: number): Buffer | null {
    if (position + length > this.size) return null;
    const from = position - this.start;
    if (from >= 0 && from + length <= this.buffer.length) return this.buffer.subarray(from, from + length);
    const size = Math.min(this.size - position, Math.max(length, CHUNK_BYTES));
    const buffer = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const read = readSync(this.fd, buffer, filled, size - filled, position + filled);
      if (read === 0) throw new Error(`file shrank while it was being read (at byte ${position + filled})`);
      filled += read;
    }
    this.buffer = buffer;
    this.start = position;
    return buffer.subarray(0, length);
  }
}

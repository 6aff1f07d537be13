import {
  closeSync,
  constants,
  fdatasync,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  openSync,
  read,
  write,
  writev,
} from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { CorruptLogError } from './corrupt-log-error.js';
import { lockFile } from './file-lock.js';
import { checkHeader, checkPayload, encodeRecord, HEADER_BYTES, MAX_PAYLOAD_BYTES } from './framing.js';
import { scanRecords } from './scan.js';

const writevAsync = promisify(writev);
const writeAsync = promisify(write);
const readAsync = promisify(read);
const fdatasyncAsync = promisify(fdatasync);

/** Records closer than this are fetched with one read, gap included. */
const COALESCE_GAP_BYTES = 64 * 1024;
const COALESCE_MAX_BYTES = 1024 * 1024;

export interface RecordFileOptions {
  /** The durability barrier; replaceable so tests can count syncs, hold them back or make them fail. */
  datasync?: (fd: number) => Promise<void>;
  /** Told once, when a write or sync fails and the file stops taking appends (disk full, I/O error). */
  onFailure?: (error: Error) => void;
  /** Told when opening cut a torn last write off the end of the file. */
  onTornTail?: (cut: TornTail) => void;
}

/** A torn last write cut off when the file was opened. */
export interface TornTail {
  path: string;
  /** Where the cut was made: the end of the last intact record. */
  offset: number;
  /** Bytes cut. */
  bytes: number;
  /** Intact records kept before the cut. */
  records: number;
  /** The last commit kept, when the file holds commits. */
  lastKept?: { gameId: string; version: number };
}

export interface RecordFileStats {
  /** Appends acknowledged (synced) since open. */
  appends: number;
  /** Write + datasync rounds since open; appends / syncs is the group-commit batch size. */
  syncs: number;
  /** Bytes appended since open. */
  bytes: number;
  /** Bytes of a torn last write cut off when the file was opened. */
  recoveredTornBytes: number;
}

/** Where a record's payload lives, as handed to `onRecord` at open and returned by `append`. */
export interface RecordLocation {
  offset: number;
  length: number;
}

interface Batch {
  buffers: Buffer[];
  bytes: number;
  count: number;
  durable: Promise<void>;
  settle: { resolve: () => void; reject: (error: Error) => void };
}

/**
 * An append-only file of checksummed records with group commit: while one write + datasync is in flight,
 * new appends queue up and all go out in the next single write and sync. Every append resolves only after
 * the sync that covers its bytes. After a failed write or sync the file's state is unknown, so the file
 * refuses every later append instead of guessing.
 */
export class RecordFile {
  /** End of the file once everything queued is written. */
  private end: number;
  /** End of the bytes already written and synced: where the next batch goes. */
  private synced: number;
  /** Appends waiting for the next write; null when there are none. */
  private forming: Batch | null = null;
  private flushing: Promise<void> | null = null;
  private readonly reads = new Set<Promise<unknown>>();
  private failure: Error | null = null;
  private closed = false;
  private readonly counters: RecordFileStats;

  private constructor(
    readonly path: string,
    private readonly fd: number,
    size: number,
    tornBytes: number,
    private readonly unlock: () => void,
    private readonly datasync: (fd: number) => Promise<void>,
    private readonly onFailure: (error: Error) => void,
  ) {
    this.end = size;
    this.synced = size;
    this.counters = { appends: 0, syncs: 0, bytes: 0, recoveredTornBytes: tornBytes };
  }

  /**
   * Opens (creating if needed) and scans the file, calling `onRecord` for every record in order. A torn last
   * write is cut off and the cut is synced; damage before the end throws `CorruptLogError`.
   */
  static open(
    path: string,
    onRecord: (payload: Buffer, location: RecordLocation) => void,
    options: RecordFileOptions = {},
  ): RecordFile {
    const unlock = lockFile(path);
    let fd: number | undefined;
    try {
      fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o644);
      syncDirectory(dirname(path));
      const { size } = fstatSync(fd);
      const scan = scanRecords(fd, size, path, (payload, offset) =>
        onRecord(payload, { offset: offset + HEADER_BYTES, length: payload.length }),
      );
      if (scan.tornBytes > 0) {
        ftruncateSync(fd, scan.end);
        fdatasyncSync(fd);
        options.onTornTail?.({ path, offset: scan.end, bytes: scan.tornBytes, records: scan.records });
      }
      return new RecordFile(
        path,
        fd,
        scan.end,
        scan.tornBytes,
        unlock,
        options.datasync ?? fdatasyncAsync,
        options.onFailure ?? (() => {}),
      );
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      unlock();
      throw error;
    }
  }

  /**
   * Queues the payload (UTF-8 text; the stores write JSON) for the next write. The location is known at once (records go out in call order);
   * `durable` resolves once the sync covering the record is done, and is shared by the whole batch, so an
   * append costs no promise of its own.
   */
  append(payload: string): { location: RecordLocation; durable: Promise<void> } {
    if (this.closed) throw new Error(`${this.path} is closed`);
    if (this.failure) throw this.failure;
    const record = encodeRecord(payload);
    if (record.length - HEADER_BYTES > MAX_PAYLOAD_BYTES) {
      throw new Error(`record of ${record.length - HEADER_BYTES} bytes exceeds ${MAX_PAYLOAD_BYTES}`);
    }
    const batch = this.forming ?? this.startBatch();
    const location = { offset: this.end + HEADER_BYTES, length: record.length - HEADER_BYTES };
    batch.buffers.push(record);
    batch.bytes += record.length;
    batch.count += 1;
    this.end += record.length;
    if (this.flushing === null) this.flushing = this.flush();
    return { location, durable: batch.durable };
  }

  /** Payloads at the given locations, in the same order; each record's checksum is verified again. */
  async read(locations: readonly RecordLocation[]): Promise<Buffer[]> {
    if (this.closed) throw new Error(`${this.path} is closed`);
    const pending = this.readRuns(locations);
    this.reads.add(pending);
    try {
      return await pending;
    } finally {
      this.reads.delete(pending);
    }
  }

  stats(): RecordFileStats {
    return { ...this.counters };
  }

  /** Why the file takes no more appends, or null while it does. */
  failed(): Error | null {
    return this.failure;
  }

  /** Waits for queued appends and reads, then releases the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.flushing;
    await Promise.allSettled([...this.reads]);
    closeSync(this.fd);
    this.unlock();
  }

  private startBatch(): Batch {
    let settle!: Batch['settle'];
    const durable = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    this.forming = { buffers: [], bytes: 0, count: 0, durable, settle };
    return this.forming;
  }

  /**
   * One batch at a time: write it, sync it, acknowledge it; appends made meanwhile form the next batch.
   * Before taking a batch, one turn of the event loop passes, so that appends made in the same turn (above
   * all, those of the writers the last acknowledgement just released) join it. Without that pause, writers
   * split into two groups that alternate between syncs, halving the batch and the throughput.
   */
  private async flush(): Promise<void> {
    while (this.forming !== null) {
      await new Promise((resolve) => setImmediate(resolve));
      const batch = this.forming as Batch;
      this.forming = null;
      try {
        await writeFully(this.fd, batch.buffers, batch.bytes, this.synced);
        await this.datasync(this.fd);
      } catch (error) {
        this.failure = new Error(`append to ${this.path} failed; the file takes no more appends`, {
          cause: error,
        });
        this.failAll(batch, this.failure);
        this.onFailure(this.failure);
        break;
      }
      this.synced += batch.bytes;
      this.counters.syncs += 1;
      this.counters.appends += batch.count;
      this.counters.bytes += batch.bytes;
      batch.settle.resolve();
    }
    this.flushing = null;
  }

  private failAll(batch: Batch, failure: Error): void {
    batch.settle.reject(failure);
    this.forming?.settle.reject(failure);
    this.forming = null;
  }

  private async readRuns(locations: readonly RecordLocation[]): Promise<Buffer[]> {
    const payloads: Buffer[] = [];
    let index = 0;
    while (index < locations.length) {
      const start = locations[index].offset - HEADER_BYTES;
      let stop = index + 1;
      let runEnd = locations[index].offset + locations[index].length;
      while (stop < locations.length) {
        const next = locations[stop];
        const nextStart = next.offset - HEADER_BYTES;
        const nextEnd = next.offset + next.length;
        if (nextStart < runEnd || nextStart - runEnd > COALESCE_GAP_BYTES) break;
        if (nextEnd - start > COALESCE_MAX_BYTES) break;
        runEnd = nextEnd;
        stop += 1;
      }
      const run = Buffer.allocUnsafe(runEnd - start);
      const { bytesRead } = await readAsync(this.fd, run, 0, run.length, start);
      if (bytesRead !== run.length)
        throw new CorruptLogError(this.path, start, 'file shorter than its index');
      for (; index < stop; index++) payloads.push(this.verified(run, start, locations[index]));
    }
    return payloads;
  }

  private verified(run: Buffer, runStart: number, location: RecordLocation): Buffer {
    const from = location.offset - HEADER_BYTES - runStart;
    const record = run.subarray(from, from + HEADER_BYTES + location.length);
    const header = checkHeader(record);
    if (!header.ok || header.length !== location.length || !checkPayload(record)) {
      throw new CorruptLogError(
        this.path,
        location.offset - HEADER_BYTES,
        'record changed since it was written',
      );
    }
    return record.subarray(HEADER_BYTES);
  }
}

async function writeFully(fd: number, buffers: Buffer[], bytes: number, position: number): Promise<void> {
  let written = (await writevAsync(fd, buffers, position)).bytesWritten;
  while (written < bytes) {
    const rest = Buffer.concat(buffers).subarray(written);
    const { bytesWritten } = await writeAsync(fd, rest, 0, rest.length, position + written);
    if (bytesWritten === 0) throw new Error(`short write at byte ${position + written}`);
    written += bytesWritten;
  }
}

/** A new file is only durable once its directory entry is; syncing an existing one is harmless. */
function syncDirectory(path: string): void {
  const fd = openSync(path, constants.O_RDONLY);
  try {
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

import { crc32 } from 'node:zlib';

/**
 * One record on disk: magic (4 bytes) | crc32 (4, LE) | payload length (4, LE) | payload.
 * The checksum covers the length and the payload, so a damaged length is caught as surely as a damaged
 * payload. The magic starts with 0xFF, a byte that never occurs in UTF-8 text: a JSON payload cannot contain
 * something that looks like the start of a record, which keeps the scan for records after a bad one honest.
 */
export const MAGIC = Buffer.from([0xff, 0x53, 0x43, 0x31]);
export const HEADER_BYTES = 12;
/** Far above any commit DynamoDB could hold (400 KB); a larger length is damage, not data. */
export const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

/** The whole record in one buffer, so a batch is one iovec per record. */
export function encodeRecord(payload: string): Buffer {
  const length = Buffer.byteLength(payload);
  const record = Buffer.allocUnsafe(HEADER_BYTES + length);
  MAGIC.copy(record, 0);
  record.writeUInt32LE(length, 8);
  record.write(payload, HEADER_BYTES);
  record.writeUInt32LE(crc32(record.subarray(HEADER_BYTES), crc32(record.subarray(8, 12))), 4);
  return record;
}

export type RecordCheck = { ok: true; length: number } | { ok: false; reason: string };

/** Checks the header at the start of `header`; the payload is verified separately by `checkPayload`. */
export function checkHeader(header: Buffer): RecordCheck {
  if (header.length < HEADER_BYTES) return { ok: false, reason: 'incomplete header' };
  if (!header.subarray(0, 4).equals(MAGIC)) return { ok: false, reason: 'bad magic' };
  const length = header.readUInt32LE(8);
  if (length > MAX_PAYLOAD_BYTES) return { ok: false, reason: `implausible length ${length}` };
  return { ok: true, length };
}

/** `record` holds the whole record: header and payload. */
export function checkPayload(record: Buffer): boolean {
  const expected = record.readUInt32LE(4);
  return crc32(record.subarray(HEADER_BYTES), crc32(record.subarray(8, 12))) === expected;
}

import { inflateSync, zipSync, type Zippable } from 'fflate';

/**
 * Zip files through fflate (deflate and stored entries). Writing is
 * deterministic: entries in the given order, one fixed timestamp, no extra
 * fields, so the same files always give the same bytes. Reading takes any
 * ordinary zip (a teammate's re-zipped folder is deflated) but first checks
 * its central directory against hostile shapes — more entries, more bytes or
 * a higher compression ratio than allowed, names that leave the folder,
 * entries that share bytes — so a crafted zip is refused before any entry is
 * inflated.
 */

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

export interface ZipLimits {
  /** entries in the central directory, folders included */
  maxEntries: number;
  /** the sum of the entries' uncompressed sizes */
  maxTotalBytes: number;
  /** uncompressed ÷ compressed, for an entry larger than 1 MiB (text deflates ~10×; a bomb ~1000×) */
  maxRatio: number;
}

const MiB = 1024 * 1024;
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 64, maxTotalBytes: 256 * MiB, maxRatio: 200 };

export class ZipFormatError extends Error {}

/** MS-DOS date and time fields of an ISO instant: fflate writes the local-time fields of the Date it is given, so it gets one whose local fields are the UTC ones (the bytes do not depend on the machine's time zone). */
function zipTimestamp(iso: string): Date {
  const utc = new Date(iso);
  const ms = Number.isNaN(utc.getTime()) || utc.getUTCFullYear() < 1980 ? Date.UTC(1980, 0, 1) : Math.min(utc.getTime(), Date.UTC(2099, 11, 31));
  const fields = new Date(ms);
  return new Date(fields.getUTCFullYear(), fields.getUTCMonth(), fields.getUTCDate(), fields.getUTCHours(), fields.getUTCMinutes(), fields.getUTCSeconds());
}

export function writeZip(entries: readonly ZipEntry[], modifiedAt: string): Uint8Array {
  const mtime = zipTimestamp(modifiedAt);
  const files: Zippable = {};
  for (const entry of entries) files[entry.name] = [entry.data, { level: 6, mtime }];
  return zipSync(files);
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** fflate does not check an entry's CRC-32 when reading; this does, after inflating. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = CRC_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Why a stored name may not be used as a file name inside the export folder, or null. */
export function unsafeZipName(name: string): string | null {
  if (name === '' || name.includes('\0')) return 'an empty name';
  if (name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name)) return `"${name}" (an absolute or Windows path)`;
  if (name.split('/').some((part) => part === '..')) return `"${name}" (a path that leaves the folder)`;
  return null;
}

interface CentralEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localAt: number;
  dataAt: number;
  /** end of the entry's bytes: its data and, when flagged, its data descriptor */
  endAt: number;
}

const fmt = (n: number) => n.toLocaleString('en');

function centralDirectory(bytes: Uint8Array, limits: ZipLimits): CentralEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let endAt = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      endAt = i;
      break;
    }
  }
  if (endAt < 0) throw new ZipFormatError('not a zip file (no end of central directory)');
  const count = view.getUint16(endAt + 10, true);
  const directorySize = view.getUint32(endAt + 12, true);
  const directoryAt = view.getUint32(endAt + 16, true);
  if (count > limits.maxEntries) throw new ZipFormatError(`it holds ${fmt(count)} entries, more than the ${fmt(limits.maxEntries)} a zip may hold here`);
  if (view.getUint16(endAt + 8, true) !== count || view.getUint16(endAt + 4, true) !== 0) throw new ZipFormatError('split or multi-disk zips are not supported');
  if (directoryAt === 0xffffffff || directorySize === 0xffffffff) throw new ZipFormatError('ZIP64 archives are not supported');
  if (directoryAt + directorySize > endAt) throw new ZipFormatError('damaged central directory');

  const decoder = new TextDecoder('utf-8', { fatal: true });
  const entries: CentralEntry[] = [];
  const names = new Set<string>();
  let total = 0;
  let at = directoryAt;
  for (let i = 0; i < count; i++) {
    if (at + 46 > directoryAt + directorySize || view.getUint32(at, true) !== 0x02014b50) throw new ZipFormatError('damaged central directory');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localAt = view.getUint32(at + 42, true);
    let name: string;
    try {
      name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    } catch {
      throw new ZipFormatError(`entry ${i + 1} has a name that is not UTF-8`);
    }
    const unsafe = unsafeZipName(name);
    if (unsafe) throw new ZipFormatError(`it holds ${unsafe}`);
    if (names.has(name)) throw new ZipFormatError(`it holds "${name}" twice`);
    names.add(name);
    if (flags & 0x1) throw new ZipFormatError(`${name}: encrypted entries are not supported`);
    if (method !== 0 && method !== 8) throw new ZipFormatError(`${name}: compression method ${method} is not supported (only stored and deflate)`);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localAt === 0xffffffff) throw new ZipFormatError('ZIP64 archives are not supported');
    if (method === 0 && compressedSize !== size) throw new ZipFormatError(`${name}: a stored entry whose sizes differ`);
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipFormatError(`its entries hold more than ${fmt(limits.maxTotalBytes / MiB)} MiB uncompressed, the most a zip may hold here`);
    if (size > MiB && size > compressedSize * limits.maxRatio) {
      throw new ZipFormatError(`${name}: compressed ${fmt(Math.round(size / Math.max(compressedSize, 1)))} to 1, more than ${limits.maxRatio} to 1 (a zip bomb?)`);
    }
    if (localAt + 30 > directoryAt || view.getUint32(localAt, true) !== 0x04034b50) throw new ZipFormatError(`${name}: damaged local header`);
    const dataAt = localAt + 30 + view.getUint16(localAt + 26, true) + view.getUint16(localAt + 28, true);
    let endOfEntry = dataAt + compressedSize;
    if (flags & 0x8) endOfEntry += endOfEntry + 4 <= bytes.length && view.getUint32(endOfEntry, true) === 0x08074b50 ? 16 : 12;
    if (endOfEntry > directoryAt) throw new ZipFormatError(`${name}: truncated`);
    entries.push({ name, method, flags, crc, compressedSize, size, localAt, dataAt, endAt: endOfEntry });
    at += 46 + nameLength + extraLength + commentLength;
  }
  // no two entries may share bytes: the classic bomb points thousands of entries at one block
  const byOffset = [...entries].sort((a, b) => a.localAt - b.localAt);
  for (let i = 1; i < byOffset.length; i++) {
    if (byOffset[i].localAt < byOffset[i - 1].endAt) throw new ZipFormatError(`entries "${byOffset[i - 1].name}" and "${byOffset[i].name}" overlap`);
  }
  return entries;
}

/**
 * The file entries of a zip (folders skipped), each checked against its CRC-32
 * and declared size. Throws ZipFormatError naming what is wrong.
 */
export function readZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipEntry[] {
  const out: ZipEntry[] = [];
  for (const entry of centralDirectory(bytes, limits)) {
    if (entry.name.endsWith('/')) continue;
    const raw = bytes.subarray(entry.dataAt, entry.dataAt + entry.compressedSize);
    let data: Uint8Array;
    if (entry.method === 0) {
      data = raw.slice();
    } else {
      try {
        // never more than the declared size: a lying header cannot inflate past it
        data = inflateSync(raw, { out: new Uint8Array(entry.size) });
      } catch (error) {
        throw new ZipFormatError(`${entry.name}: damaged compressed data (${(error as Error).message})`);
      }
    }
    if (data.length !== entry.size || crc32(data) !== entry.crc) throw new ZipFormatError(`${entry.name}: CRC or size mismatch (damaged)`);
    out.push({ name: entry.name, data });
  }
  return out;
}

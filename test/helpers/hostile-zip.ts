import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Zips built byte by byte, hostile ones included (Node's own zlib deflates,
 * independent of the reader's library).
 */

const enc = new TextEncoder();

export interface Raw {
  name: string;
  /** the bytes as stored (already deflated when method is 8) */
  stored: Uint8Array;
  size: number;
  crc: number;
  method: 0 | 8;
}


export const stored = (name: string, text: string | Uint8Array): Raw => {
  const data = typeof text === 'string' ? enc.encode(text) : text;
  return { name, stored: data, size: data.length, crc: crc32(data), method: 0 };
};
export const deflated = (name: string, data: Uint8Array): Raw => ({ name, stored: deflateRawSync(data), size: data.length, crc: crc32(data), method: 8 });

/** A zip of the given entries; `centralOnly` adds central-directory records pointing at the local header of entry 0. */
export function buildZip(entries: Raw[], centralOnly: { name: string }[] = []): Uint8Array {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const central = (e: Raw, name: string, at: number) => {
    const n = Buffer.from(name, 'utf8');
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0800, 8);
    c.writeUInt16LE(e.method, 10);
    c.writeUInt32LE(e.crc, 16);
    c.writeUInt32LE(e.stored.length, 20);
    c.writeUInt32LE(e.size, 24);
    c.writeUInt16LE(n.length, 28);
    c.writeUInt32LE(at, 42);
    centrals.push(c, n);
  };
  for (const e of entries) {
    const n = Buffer.from(e.name, 'utf8');
    const l = Buffer.alloc(30);
    l.writeUInt32LE(0x04034b50, 0);
    l.writeUInt16LE(20, 4);
    l.writeUInt16LE(0x0800, 6);
    l.writeUInt16LE(e.method, 8);
    l.writeUInt32LE(e.crc, 14);
    l.writeUInt32LE(e.stored.length, 18);
    l.writeUInt32LE(e.size, 22);
    l.writeUInt16LE(n.length, 26);
    central(e, e.name, offset);
    parts.push(l, n, Buffer.from(e.stored));
    offset += 30 + n.length + e.stored.length;
  }
  for (const extra of centralOnly) central(entries[0], extra.name, 0);
  const directory = Buffer.concat(centrals);
  const count = entries.length + centralOnly.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, directory, end]));
}

/** The 4.9 MB archive of 65,535 directory entries all pointing at one stored 1 MiB entry. */
export function overlappingBomb(): Uint8Array {
  const oneMiB = new Uint8Array(1024 * 1024).fill(0x61);
  return buildZip([stored('a', oneMiB)], Array.from({ length: 65_534 }, (_, i) => ({ name: `x${i}` })));
}

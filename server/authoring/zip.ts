// A small zip writer (stored entries, no compression: a challenge is a few text files) and reader (stored and
// deflated entries, so a folder zipped by any archiver imports). Reading is bounded: the entry count and each
// entry's size are checked before anything is inflated, and inflating stops at the size allowed.
import { inflateRawSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip of text files by path ("lessons/x/lesson.md"), stored uncompressed, names in UTF-8. */
export function writeZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [path, text] of Object.entries(files)) {
    const name = Buffer.from(path, "utf8");
    const data = Buffer.from(text, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export class ZipError extends Error {}

/** The files of a zip (folders left out), each at most `maxFileBytes`, at most `maxEntries` of them. */
export function readZip(zip: Buffer, limits: { maxEntries: number; maxFileBytes: number }): Record<string, string> {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0 || endAt + 22 > zip.length) throw new ZipError("This is not a zip file");
  const entries = zip.readUInt16LE(endAt + 10);
  if (entries > limits.maxEntries) throw new ZipError(`The zip holds ${entries} entries; at most ${limits.maxEntries} are read`);
  let at = zip.readUInt32LE(endAt + 16);
  const files: Record<string, string> = {};
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new ZipError("The zip's directory is damaged");
    const method = zip.readUInt16LE(at + 10);
    const packed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extra;
    if (name.endsWith("/")) continue;
    if (size > limits.maxFileBytes) throw new ZipError(`${name} is larger than ${Math.round(limits.maxFileBytes / 1024)} KB`);
    if (localAt + 30 > zip.length || zip.readUInt32LE(localAt) !== 0x04034b50) throw new ZipError(`The zip's entry ${name} is damaged`);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const raw = zip.subarray(dataAt, dataAt + packed);
    if (raw.length !== packed) throw new ZipError(`The zip's entry ${name} is cut short`);
    files[name] = inflated(name, method, raw, limits.maxFileBytes).toString("utf8");
  }
  return files;
}

function inflated(name: string, method: number, raw: Buffer, max: number): Buffer {
  if (method === 0) return raw;
  if (method !== 8) throw new ZipError(`${name} is compressed in a way this reader does not know (method ${method}); use stored or deflate`);
  try {
    return inflateRawSync(raw, { maxOutputLength: max });
  } catch {
    throw new ZipError(`${name} could not be unpacked, or is larger than ${Math.round(max / 1024)} KB`);
  }
}

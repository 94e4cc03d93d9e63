import zlib from 'node:zlib';

/**
 * The files of a zip, by name, read from its central directory as an unzip tool would: each entry inflated (or
 * taken as stored) and checked against the size and CRC-32 the directory records. Read here rather than by the
 * library that wrote it, so a zip it gets wrong fails the test. Zip64 and multi-disk archives are not read.
 */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('Not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`Entry ${index}: no central directory header`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    if (zip.readUInt32LE(localHeader) !== 0x04034b50) throw new Error(`${name}: no local header`);
    const dataStart =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    const bytes = method === 0 ? Buffer.from(raw) : method === 8 ? zlib.inflateRawSync(raw) : null;
    if (!bytes) throw new Error(`${name}: compression method ${method} is not read here`);
    if (bytes.length !== size) throw new Error(`${name}: ${bytes.length} bytes, the directory says ${size}`);
    if (zlib.crc32(bytes) !== crc) throw new Error(`${name}: its CRC-32 does not match the directory's`);
    if (files.has(name)) throw new Error(`${name}: in the zip twice`);
    files.set(name, bytes);
  }
  return files;
}

import type { FileHandle } from "node:fs/promises";

/**
 * Just enough of the OLE compound file format ([MS-CFB]) to tell what an OLE file holds: a legacy Word document
 * (a `WordDocument` stream), or an encrypted Office Open XML file (`EncryptionInfo` and `EncryptedPackage` streams,
 * which is what Word and LibreOffice write for a password-protected .docx).
 */

export const oleSignature = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** A stream's first sector and size, from its directory entry. */
export interface OleStream {
  start: number;
  size: number;
}

const headerSize = 512;
const entrySize = 128;
const endOfChain = 0xfffffffe;
/** Highest regular sector number; above are markers (free, end of chain, FAT, DIFAT). */
const maxSector = 0xfffffffa;
/** Streams smaller than this live in the mini stream. */
const miniStreamCutoff = 4096;
/** Stops a damaged (looping) chain: more directory sectors than any real document has. */
const maxDirectorySectors = 4096;

class OleReader {
  private readonly fatSectors: number[] = [];
  private readonly fatCache = new Map<number, Buffer>();

  constructor(
    private readonly handle: FileHandle,
    readonly fileSize: number,
    readonly sectorSize: number,
  ) {}

  async read(offset: number, length: number): Promise<Buffer | null> {
    if (offset < 0 || offset + length > this.fileSize) return null;
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    return bytesRead === length ? buffer : null;
  }

  sector(index: number): Promise<Buffer | null> {
    return this.read((index + 1) * this.sectorSize, this.sectorSize);
  }

  /** The FAT's sector numbers: the header's 109 DIFAT entries, then the DIFAT chain. */
  async loadFat(header: Buffer): Promise<void> {
    const count = header.readUInt32LE(0x2c);
    for (let i = 0; i < 109 && this.fatSectors.length < count; i += 1)
      this.fatSectors.push(header.readUInt32LE(0x4c + i * 4));
    let difat = header.readUInt32LE(0x44);
    const perSector = this.sectorSize / 4 - 1;
    for (let hops = 0; difat <= maxSector && this.fatSectors.length < count && hops < maxDirectorySectors; hops += 1) {
      const sector = await this.sector(difat);
      if (sector === null) return;
      for (let i = 0; i < perSector && this.fatSectors.length < count; i += 1)
        this.fatSectors.push(sector.readUInt32LE(i * 4));
      difat = sector.readUInt32LE(perSector * 4);
    }
  }

  /** The sector after `index` in its chain (a value above maxSector ends it). */
  async next(index: number): Promise<number> {
    const perSector = this.sectorSize / 4;
    const fatIndex = Math.floor(index / perSector);
    const fatSector = this.fatSectors[fatIndex];
    if (fatSector === undefined || fatSector > maxSector) return endOfChain;
    let fat = this.fatCache.get(fatIndex);
    if (fat === undefined) {
      const read = await this.sector(fatSector);
      if (read === null) return endOfChain;
      fat = read;
      this.fatCache.set(fatIndex, fat);
    }
    return fat.readUInt32LE((index % perSector) * 4);
  }
}

/** An OLE compound file's streams (every storage's, by name), and how to read the start of one. */
export interface OleFile {
  streams: Map<string, OleStream>;
  /** The first `length` bytes of a stream (at most one mini sector's or sector's worth), or null when damaged. */
  streamStart(stream: OleStream, length: number): Promise<Buffer | null>;
}

/** Reads the directory of the OLE compound file in `handle`, or null when it is not one. Damage ends the walk. */
export async function readOleFile(handle: FileHandle): Promise<OleFile | null> {
  const { size } = await handle.stat();
  const header = await new OleReader(handle, size, headerSize).read(0, headerSize);
  if (header === null || !header.subarray(0, 8).equals(oleSignature)) return null;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const reader = new OleReader(handle, size, 1 << shift);
  await reader.loadFat(header);
  // The mini sector size is fixed at 64 bytes ([MS-CFB] 2.2: a mini sector shift of 6).
  const miniSectorSize = 64;
  const streams = new Map<string, OleStream>();
  let root: OleStream | null = null;
  let sector = header.readUInt32LE(0x30);
  for (let hops = 0; sector <= maxSector && hops < maxDirectorySectors; hops += 1) {
    const entries = await reader.sector(sector);
    if (entries === null) break;
    for (let offset = 0; offset + entrySize <= entries.length; offset += entrySize) {
      const nameBytes = Math.min(entries.readUInt16LE(offset + 0x40), 64);
      const type = entries[offset + 0x42];
      const entry = {
        start: entries.readUInt32LE(offset + 0x74),
        size: Number(entries.readBigUInt64LE(offset + 0x78) & 0xffffffffn),
      };
      if (type === 5) root ??= entry;
      if (type === 2 && nameBytes >= 2) streams.set(entries.toString("utf16le", offset, offset + nameBytes - 2), entry);
    }
    sector = await reader.next(sector);
  }

  /** The regular sector `hops` steps along the chain from `first`. */
  const along = async (first: number, hops: number): Promise<number> => {
    let current = first;
    for (let step = 0; step < hops && current <= maxSector; step += 1) current = await reader.next(current);
    return current;
  };
  return {
    streams,
    async streamStart(stream, length) {
      if (stream.start > maxSector) return null;
      if (stream.size >= miniStreamCutoff) {
        return length > reader.sectorSize ? null : reader.read((stream.start + 1) * reader.sectorSize, length);
      }
      // A small stream lives in the mini stream: the root entry's chain, cut in mini sectors.
      if (root === null || length > miniSectorSize) return null;
      const offset = stream.start * miniSectorSize;
      // A chain is never longer than the file has sectors (a damaged, looping one stops there).
      if (offset + length > root.size || offset > reader.fileSize) return null;
      const holder = await along(root.start, Math.floor(offset / reader.sectorSize));
      if (holder > maxSector) return null;
      return reader.read((holder + 1) * reader.sectorSize + (offset % reader.sectorSize), length);
    },
  };
}

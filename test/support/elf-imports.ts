/**
 * What a 64-bit little-endian ELF shared object (a Linux `.node`) takes from the process that loads it: its
 * undefined dynamic symbols, each with its binding and the version it asks for (glibc's `GLIBC_2.14`…, none for
 * Node-API's unversioned `napi_*`), and the libraries it names as needed. Read from the section headers
 * (.dynsym, .gnu.version, .gnu.version_r, .dynamic), as `nm -D --undefined-only` and `readelf -d` print them.
 */
export interface ElfImport {
  name: string;
  weak: boolean;
  /** The version needed (`GLIBC_2.14`), or null for an unversioned symbol. */
  version: string | null;
}

export interface ElfImports {
  symbols: ElfImport[];
  needed: string[];
}

const SHT_DYNAMIC = 6;
const SHT_DYNSYM = 11;
const SHT_GNU_VERNEED = 0x6ffffffe;
const SHT_GNU_VERSYM = 0x6fffffff;
const STB_WEAK = 2;
const DT_NEEDED = 1;

interface Section {
  type: number;
  offset: number;
  size: number;
  link: number;
}

export function readElfImports(file: Buffer): ElfImports {
  if (file.readUInt32BE(0) !== 0x7f454c46) throw new Error("Not an ELF file.");
  if (file[4] !== 2 || file[5] !== 1) throw new Error("Only 64-bit little-endian ELF files are read.");
  const shoff = Number(file.readBigUInt64LE(0x28));
  const shentsize = file.readUInt16LE(0x3a);
  const shnum = file.readUInt16LE(0x3c);
  const sections: Section[] = [];
  for (let index = 0; index < shnum; index += 1) {
    const at = shoff + index * shentsize;
    sections.push({
      type: file.readUInt32LE(at + 4),
      offset: Number(file.readBigUInt64LE(at + 0x18)),
      size: Number(file.readBigUInt64LE(at + 0x20)),
      link: file.readUInt32LE(at + 0x28),
    });
  }
  const find = (type: number) => sections.find((section) => section.type === type);
  const stringAt = (table: Section | undefined, offset: number) => {
    if (table === undefined) throw new Error("A string table is missing.");
    const start = table.offset + offset;
    return file.toString("latin1", start, file.indexOf(0, start));
  };

  const versionNames = new Map<number, string>();
  const verneed = find(SHT_GNU_VERNEED);
  if (verneed !== undefined) {
    const strings = sections[verneed.link];
    for (let at = verneed.offset, more = true; more; ) {
      const count = file.readUInt16LE(at + 2);
      let aux = at + file.readUInt32LE(at + 8);
      for (let index = 0; index < count; index += 1) {
        versionNames.set(file.readUInt16LE(aux + 6) & 0x7fff, stringAt(strings, file.readUInt32LE(aux + 8)));
        aux += file.readUInt32LE(aux + 12);
      }
      const next = file.readUInt32LE(at + 12);
      more = next !== 0;
      at += next;
    }
  }

  const dynsym = find(SHT_DYNSYM);
  if (dynsym === undefined) throw new Error("No dynamic symbol table.");
  const symbolStrings = sections[dynsym.link];
  const versym = find(SHT_GNU_VERSYM);
  const symbols: ElfImport[] = [];
  for (let index = 1; index < dynsym.size / 24; index += 1) {
    const at = dynsym.offset + index * 24;
    if (file.readUInt16LE(at + 6) !== 0) continue; // defined here: not an import
    const name = stringAt(symbolStrings, file.readUInt32LE(at));
    if (name === "") continue;
    const versionIndex = versym === undefined ? 1 : file.readUInt16LE(versym.offset + index * 2) & 0x7fff;
    symbols.push({
      name,
      weak: file.readUInt8(at + 4) >> 4 === STB_WEAK,
      version: versionIndex <= 1 ? null : (versionNames.get(versionIndex) ?? null),
    });
  }

  const needed: string[] = [];
  const dynamic = find(SHT_DYNAMIC);
  if (dynamic !== undefined) {
    for (let at = dynamic.offset; at < dynamic.offset + dynamic.size; at += 16) {
      const tag = Number(file.readBigInt64LE(at));
      if (tag === 0) break;
      if (tag === DT_NEEDED) needed.push(stringAt(sections[dynamic.link], Number(file.readBigUInt64LE(at + 8))));
    }
  }
  return { symbols, needed };
}

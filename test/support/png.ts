import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG of `rows` (each a filter byte and `width` pixels), compressed at `level`. */
function rgbaPng(width: number, rows: Buffer[], level?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(rows.length, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows), { level })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real RGBA PNG (a dark diagonal stroke on transparent), as a signature pad would produce. */
export function signaturePng(width = 120, height = 40): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x += 1) {
      const onStroke = Math.abs(y - (x * height) / width) < 2;
      if (onStroke) row.set([20, 30, 90, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  return rgbaPng(width, rows);
}

/** A real RGBA PNG of noise, stored uncompressed: a few hundred bytes over `bytes` (for size limits). */
export function noisePng(bytes: number): Buffer {
  const width = 512;
  const rows = Array.from({ length: Math.ceil(bytes / (1 + width * 4)) }, () =>
    Buffer.concat([Buffer.alloc(1), randomBytes(width * 4)]),
  );
  return rgbaPng(width, rows, 0);
}

export function signatureDataUrl(): string {
  return `data:image/png;base64,${signaturePng().toString("base64")}`;
}

/**
 * Screenshot baselines for the Chromium tests: a tiny PNG decoder and encoder (node:zlib), a tolerant
 * pixel comparison, and `matchBaseline`, which compares a screenshot with the PNG committed under
 * test/e2e/__screenshots__/ (writing it when it is missing, or when UPDATE_SCREENSHOTS=1).
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { crc32, deflateSync, inflateSync } from "node:zlib";

export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, row by row. */
  data: Uint8Array;
}

const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per pixel of each 8-bit colour type: grey, RGB, grey + alpha, RGBA. */
const channelsOf: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Decodes an 8-bit, non-interlaced PNG (grey, RGB, grey + alpha or RGBA; what browsers' screenshots are). */
export function decodePng(file: Uint8Array): RgbaImage {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (!bytes.subarray(0, 8).equals(signature)) throw new Error("not a PNG file");
  let width = 0;
  let height = 0;
  let colourType = -1;
  const compressed: Buffer[] = [];
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || colour === undefined || channelsOf[colour] === undefined || interlace !== 0) {
        throw new Error(`unsupported PNG: bit depth ${depth}, colour type ${colour}, interlace ${interlace}`);
      }
      colourType = colour;
    } else if (type === "IDAT") {
      compressed.push(body);
    } else if (type === "IEND") {
      break;
    }
    at += 12 + length;
  }
  const channels = channelsOf[colourType];
  if (channels === undefined) throw new Error("PNG without a header");
  const raw = inflateSync(Buffer.concat(compressed));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[source + x] ?? 0;
      const left = x >= channels ? (pixels[row + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[row - stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (pixels[row - stride + x - channels] ?? 0) : 0;
      let decoded: number;
      switch (filter) {
        case 0:
          decoded = value;
          break;
        case 1:
          decoded = value + left;
          break;
        case 2:
          decoded = value + up;
          break;
        case 3:
          decoded = value + ((left + up) >> 1);
          break;
        case 4:
          decoded = value + paeth(left, up, upLeft);
          break;
        default:
          throw new Error(`bad PNG filter ${filter} in row ${y}`);
      }
      pixels[row + x] = decoded & 0xff;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const from = pixel * channels;
    const grey = channels <= 2;
    data[pixel * 4] = pixels[from] ?? 0;
    data[pixel * 4 + 1] = pixels[grey ? from : from + 1] ?? 0;
    data[pixel * 4 + 2] = pixels[grey ? from : from + 2] ?? 0;
    data[pixel * 4 + 3] = channels === 4 ? (pixels[from + 3] ?? 255) : channels === 2 ? (pixels[from + 1] ?? 255) : 255;
  }
  return { width, height, data };
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An RGBA PNG of `image` (no filtering: for diff images, not for size). */
export function encodePng(image: RgbaImage): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const stride = image.width * 4;
  const raw = Buffer.alloc((stride + 1) * image.height);
  for (let y = 0; y < image.height; y += 1) {
    raw.set(image.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The part of `image` inside `rect` (whole pixels, clipped to the image). */
export function cropImage(image: RgbaImage, rect: { x: number; y: number; width: number; height: number }): RgbaImage {
  const left = Math.max(0, Math.floor(rect.x));
  const top = Math.max(0, Math.floor(rect.y));
  const width = Math.max(0, Math.min(image.width, Math.ceil(rect.x + rect.width)) - left);
  const height = Math.max(0, Math.min(image.height, Math.ceil(rect.y + rect.height)) - top);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const from = ((top + y) * image.width + left) * 4;
    data.set(image.data.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, data };
}

export interface Tolerance {
  /** A pixel differs when one of its channels differs by more than this (0–255). */
  channel: number;
  /** The images match while at most this fraction of their pixels differ. */
  fraction: number;
}

export interface Comparison {
  matches: boolean;
  differing: number;
  fraction: number;
  /** The box around every differing pixel, or null. */
  bounds: { left: number; top: number; right: number; bottom: number } | null;
  /** The expected image, dimmed, with differing pixels in red. */
  diff: RgbaImage;
  /** Why the images cannot be compared (different sizes), or null. */
  sizeProblem: string | null;
}

export function compareImages(actual: RgbaImage, expected: RgbaImage, tolerance: Tolerance): Comparison {
  const diff: RgbaImage = { width: expected.width, height: expected.height, data: new Uint8Array(expected.data) };
  if (actual.width !== expected.width || actual.height !== expected.height) {
    return {
      matches: false,
      differing: expected.width * expected.height,
      fraction: 1,
      bounds: null,
      diff,
      sizeProblem: `the screenshot is ${actual.width}×${actual.height}, the baseline ${expected.width}×${expected.height}`,
    };
  }
  let differing = 0;
  let bounds: Comparison["bounds"] = null;
  for (let pixel = 0; pixel < actual.width * actual.height; pixel += 1) {
    const at = pixel * 4;
    let worst = 0;
    for (let channel = 0; channel < 4; channel += 1) {
      worst = Math.max(worst, Math.abs((actual.data[at + channel] ?? 0) - (expected.data[at + channel] ?? 0)));
    }
    if (worst > tolerance.channel) {
      differing += 1;
      const x = pixel % actual.width;
      const y = Math.floor(pixel / actual.width);
      bounds =
        bounds === null
          ? { left: x, top: y, right: x, bottom: y }
          : {
              left: Math.min(bounds.left, x),
              top: Math.min(bounds.top, y),
              right: Math.max(bounds.right, x),
              bottom: Math.max(bounds.bottom, y),
            };
      diff.data.set([255, 0, 0, 255], at);
    } else {
      for (let channel = 0; channel < 3; channel += 1) {
        diff.data[at + channel] = 128 + ((diff.data[at + channel] ?? 0) >> 2);
      }
    }
  }
  const fraction = differing / (actual.width * actual.height);
  return { matches: fraction <= tolerance.fraction, differing, fraction, bounds, diff, sizeProblem: null };
}

export const screenshotsDir = path.resolve(import.meta.dirname, "../e2e/__screenshots__");
/** Where a failed comparison leaves the screenshot and the diff (not committed). */
export const screenshotFailuresDir = path.resolve(import.meta.dirname, "../../.cache/screenshot-failures");

export interface BaselineOutcome {
  /**
   * "matched"; "written" (UPDATE_SCREENSHOTS=1); "missing" (there was no baseline: it is written now, and
   * the test fails); "different" (beyond the tolerance).
   */
  status: "matched" | "written" | "missing" | "different";
  message: string;
  comparison: Comparison | null;
}

/**
 * Compares `png` with the baseline `<name>.png`. Without a baseline it writes one and answers "missing"
 * (a failure: commit the new file after looking at it), unless UPDATE_SCREENSHOTS=1, which (re)writes
 * every baseline and answers "written". When they differ, the screenshot and a diff image are written
 * under .cache/screenshot-failures/ and named in the message.
 */
export async function matchBaseline(name: string, png: Buffer, tolerance: Tolerance): Promise<BaselineOutcome> {
  const baseline = path.join(screenshotsDir, `${name}.png`);
  const relative = path.relative(process.cwd(), baseline);
  if (process.env.UPDATE_SCREENSHOTS === "1" || !existsSync(baseline)) {
    await mkdir(screenshotsDir, { recursive: true });
    await writeFile(baseline, png);
    if (process.env.UPDATE_SCREENSHOTS === "1") {
      return { status: "written", message: `wrote ${relative} (UPDATE_SCREENSHOTS=1)`, comparison: null };
    }
    return {
      status: "missing",
      message: `no baseline ${relative}: wrote it from this run; look at it, commit it, and run again (UPDATE_SCREENSHOTS=1 rewrites baselines without failing)`,
      comparison: null,
    };
  }
  const comparison = compareImages(decodePng(png), decodePng(await readFile(baseline)), tolerance);
  if (comparison.matches) {
    return {
      status: "matched",
      message: `${name}: ${comparison.differing} pixels differ (${(comparison.fraction * 100).toFixed(3)}%)`,
      comparison,
    };
  }
  await mkdir(screenshotFailuresDir, { recursive: true });
  const actualFile = path.join(screenshotFailuresDir, `${name}.actual.png`);
  const diffFile = path.join(screenshotFailuresDir, `${name}.diff.png`);
  await writeFile(actualFile, png);
  await writeFile(diffFile, encodePng(comparison.diff));
  const where =
    comparison.bounds === null
      ? ""
      : ` within x ${comparison.bounds.left}–${comparison.bounds.right}, y ${comparison.bounds.top}–${comparison.bounds.bottom}`;
  return {
    status: "different",
    message:
      comparison.sizeProblem ??
      `${name} differs from ${relative}: ${comparison.differing} pixels (${(comparison.fraction * 100).toFixed(3)}%, ` +
        `at most ${(tolerance.fraction * 100).toFixed(3)}% allowed)${where}; see ${path.relative(process.cwd(), actualFile)} ` +
        `and ${path.relative(process.cwd(), diffFile)}; if the change is intended, run with UPDATE_SCREENSHOTS=1`,
    comparison,
  };
}

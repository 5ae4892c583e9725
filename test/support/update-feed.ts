import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { stringify } from "yaml";
import { seededRandom } from "./seeded-random";

/**
 * An update server on loopback, as electron-builder's own updater tests use: serves a folder's files (the feed's
 * latest-linux.yml, the releases), with byte ranges, one or several per request (multipart/byteranges, which
 * electron-updater's differential download asks for), and counts the bytes of each file it sent.
 */
export async function startUpdateFeed(folder: string) {
  const sent = new Map<string, number>();
  /** Names answered with a redirect to an address. */
  const redirects = new Map<string, string>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    void serve(request, response).catch(() => {
      response.statusCode = 500;
      response.end();
    });
  });
  async function serve(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const name = decodeURIComponent(new URL(request.url ?? "/", "http://feed").pathname.slice(1));
    requests.push(`${request.method} ${name}${request.headers.range === undefined ? "" : ` ${request.headers.range}`}`);
    const redirect = redirects.get(name);
    if (redirect !== undefined) {
      response.writeHead(302, { location: redirect }).end();
      return;
    }
    if (name.includes("/") || name.includes("..")) {
      response.writeHead(404).end();
      return;
    }
    let body: Buffer;
    try {
      body = await readFile(path.join(folder, name));
    } catch {
      response.writeHead(404).end();
      return;
    }
    const count = (bytes: number) => sent.set(name, (sent.get(name) ?? 0) + bytes);
    const ranges = parseRanges(request.headers.range, body.length);
    if (ranges === null) {
      count(body.length);
      response.writeHead(200, { "content-length": body.length, "accept-ranges": "bytes" }).end(body);
      return;
    }
    if (ranges.length === 1) {
      const [start, end] = ranges[0] as [number, number];
      count(end - start + 1);
      response
        .writeHead(206, { "content-range": `bytes ${start}-${end}/${body.length}`, "content-length": end - start + 1 })
        .end(body.subarray(start, end + 1));
      return;
    }
    const boundary = "feedboundary";
    const parts: Buffer[] = [];
    for (const [start, end] of ranges) {
      count(end - start + 1);
      parts.push(
        Buffer.from(
          `\r\n--${boundary}\r\nContent-Type: application/octet-stream\r\nContent-Range: bytes ${start}-${end}/${body.length}\r\n\r\n`,
        ),
        body.subarray(start, end + 1),
      );
    }
    parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
    const whole = Buffer.concat(parts);
    response
      .writeHead(206, { "content-type": `multipart/byteranges; boundary=${boundary}`, "content-length": whole.length })
      .end(whole);
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    /** Bytes of `name` sent so far, in whole answers and ranges. */
    sentOf: (name: string) => sent.get(name) ?? 0,
    requests,
    redirects,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseRanges(header: string | undefined, size: number): [number, number][] | null {
  const match = header === undefined ? null : /^bytes=(.+)$/.exec(header);
  if (match === null) return null;
  return (match[1] ?? "").split(",").map((part) => {
    const [from, to] = part.trim().split("-");
    if (from === "" || from === undefined) return [size - Number(to), size - 1];
    return [Number(from), to === "" || to === undefined ? size - 1 : Math.min(Number(to), size - 1)];
  });
}

export interface Release {
  file: string;
  size: number;
  sha512: string;
  blockMapSize: number;
}

/**
 * A stand-in for an AppImage as electron-builder makes one: an executable (here a shell script that writes the
 * environment it ran with to `$SIGNDESK_TEST_RAN` and exits; the rest of the file is never read by the shell),
 * `size` bytes of content from `seed`, and electron-builder's own block map appended (app-builder-lib's buildBlockMap,
 * as its AppImage target embeds it).
 */
export async function writeAppImage(file: string, content: Buffer): Promise<Release> {
  const script = Buffer.from(
    '#!/bin/sh\necho "exit-after-install=$APPIMAGE_EXIT_AFTER_INSTALL" > "$SIGNDESK_TEST_RAN"\nexit 0\n',
  );
  await writeFile(file, Buffer.concat([script, content]), { mode: 0o755 });
  const { buildBlockMap } = (await import("app-builder-lib/out/targets/blockmap/blockmap.js")) as unknown as {
    buildBlockMap: (
      file: string,
      compression: "deflate" | "gzip",
    ) => Promise<{ size: number; sha512: string; blockMapSize: number }>;
  };
  const info = await buildBlockMap(file, "deflate");
  return { file: path.basename(file), ...info };
}

/** Seeded content: a release's bytes, and the next release's with `changed` bytes rewritten in the middle. */
export function releaseContent(size: number, seed: number): Buffer {
  const random = seededRandom(seed);
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = Math.floor(random() * 256);
  return bytes;
}

/** The feed's description of a release (electron-builder's latest-linux.yml), for x64 and arm64 alike. */
export async function writeFeed(
  folder: string,
  version: string,
  release: Release,
  extra: { sha512?: string; stagingPercentage?: number } = {},
): Promise<void> {
  const sha512 = extra.sha512 ?? release.sha512;
  const yml = stringify({
    version,
    files: [{ url: release.file, sha512, size: release.size, blockMapSize: release.blockMapSize }],
    path: release.file,
    sha512,
    releaseDate: "2026-11-27T00:00:00.000Z",
    ...(extra.stagingPercentage === undefined ? {} : { stagingPercentage: extra.stagingPercentage }),
  });
  await writeFile(path.join(folder, "latest-linux.yml"), yml);
  await writeFile(path.join(folder, "latest-linux-arm64.yml"), yml);
}

/** The sha512 electron-builder publishes: base64 of the file's SHA-512. */
export function sha512Of(bytes: Buffer): string {
  return createHash("sha512").update(bytes).digest("base64");
}

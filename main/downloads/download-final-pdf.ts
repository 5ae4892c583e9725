import { randomBytes } from "node:crypto";
import { link, open, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import { ProxyAgent, fetch as undiciFetch } from "undici";
import { phrase } from "../../common/i18n/phrase";
import { syncDirectory } from "../../node-shared/files/atomic-write";
import { HandlerError } from "../handler-error";
import { basic, type ProxySettings } from "../service/proxy-agents";
import { systemProxyFor } from "../service/system-proxy";
import { trustSystemCertificates } from "../service/trusted-certificates";
import { downloadMessages } from "./download-messages";
import { exists, uniqueSignedPdfPath } from "./file-names";

export interface DownloadRequest {
  /** The document's current final URL (signed, time-limited), or null to ask for one first. */
  finalUrl: string | null;
  /** Asks the service for a fresh final URL (getDocumentDetails); null when there is none. */
  refreshUrl: () => Promise<string | null>;
  directory: string;
  /** The document's name; the file becomes "<name> - signed.pdf". */
  documentName: string;
  onProgress?: (receivedBytes: number, totalBytes: number | null) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The system's proxies, as the service's requests go; direct unless given. */
  proxy?: ProxySettings;
  onProxySignInNeeded?: (address: string) => void;
}

const pdfMagic = "%PDF-";

function fsProblem(error: unknown, directory: string): HandlerError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") {
    return new HandlerError("download_folder", phrase(downloadMessages.permissionDenied, { directory }));
  }
  if (code === "ENOENT" || code === "ENOTDIR")
    return new HandlerError("download_folder", phrase(downloadMessages.noFolder, { directory }));
  if (code === "ENOSPC") return new HandlerError("download_folder", phrase(downloadMessages.noSpace, { directory }));
  return new HandlerError(
    "download_folder",
    phrase(downloadMessages.cannotSave, { directory, reason: (error as Error).message }),
  );
}

async function fetchPdf(url: string, request: DownloadRequest): Promise<Response> {
  const signal = AbortSignal.any([
    AbortSignal.timeout(request.timeoutMs ?? 120_000),
    ...(request.signal ? [request.signal] : []),
  ]);
  // Read on the first download rather than at start: the system's store takes a few hundred milliseconds to read.
  trustSystemCertificates();
  const via = await proxyFor(url, request);
  try {
    if (via === null) return await fetch(url, { signal, redirect: "follow" });
    // Through a proxy: undici's own fetch with its ProxyAgent (a CONNECT tunnel for https), the pair made to work
    // together; the response is read as the global fetch's is.
    return (await undiciFetch(url, { signal, redirect: "follow", dispatcher: via.dispatcher })) as unknown as Response;
  } catch (error) {
    if (via !== null && /\b407\b/.test(describeCause(error))) {
      request.onProxySignInNeeded?.(via.address);
      throw new HandlerError(
        "network",
        phrase(via.signedIn ? downloadMessages.proxyRefusedSignIn : downloadMessages.proxyAsksSignIn, {
          address: via.address,
        }),
      );
    }
    const timedOut = (error as Error).name === "TimeoutError";
    throw new HandlerError(
      timedOut ? "timeout" : "network",
      timedOut
        ? phrase(downloadMessages.tooLong)
        : phrase(downloadMessages.failed, { reason: (error as Error).message }),
    );
  }
}

/** The proxy the system's settings give for `url`, with an agent for it; null when the download goes direct. */
async function proxyFor(
  url: string,
  request: DownloadRequest,
): Promise<{ address: string; signedIn: boolean; dispatcher: ProxyAgent } | null> {
  const system = await systemProxyFor(request.proxy, new URL(url));
  if (system.kind === "refused") throw new HandlerError("network", system.message);
  if (system.kind === "direct") return null;
  const { proxy: choice, credentials } = system;
  const token = credentials === null ? undefined : basic(credentials);
  const uri = `${choice.secure ? "https" : "http"}://${choice.address}`;
  return {
    address: choice.address,
    signedIn: credentials !== null,
    dispatcher: new ProxyAgent(token === undefined ? { uri } : { uri, token }),
  };
}

/** An error's message and its causes', for matching what undici says. */
function describeCause(error: unknown): string {
  const parts: string[] = [];
  for (let at: unknown = error; at instanceof Error && parts.length < 4; at = at.cause) parts.push(at.message);
  return parts.length === 0 ? String(error) : parts.join(": ");
}

/** Moves `from` to `to` unless `to` exists: link() refuses to overwrite; where links are unsupported, rename. */
async function placeWithoutOverwriting(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
    await unlink(from);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS" && code !== "EXDEV") throw error;
    if (await exists(to)) {
      throw Object.assign(new Error("taken"), { code: "EEXIST" });
    }
    await rename(from, to);
  }
}

/**
 * Downloads a finished document's PDF into `directory` under a unique readable name: streamed to a
 * temporary file beside it, checked to be a PDF, flushed, then moved into place (a failed or refused
 * download leaves nothing behind). An expired link (403) is refreshed once.
 */
export async function downloadFinalPdf(request: DownloadRequest): Promise<{ path: string; bytes: number }> {
  let url = request.finalUrl ?? (await request.refreshUrl());
  if (url === null) throw new HandlerError("not_ready", phrase(downloadMessages.notReady));
  let response = await fetchPdf(url, request);
  if (response.status === 403 || response.status === 410) {
    await response.body?.cancel();
    url = await request.refreshUrl();
    if (url === null) throw new HandlerError("not_ready", phrase(downloadMessages.notReady));
    response = await fetchPdf(url, request);
  }
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    throw new HandlerError("server", phrase(downloadMessages.serviceFailed, { status: response.status }));
  }

  const total = Number(response.headers.get("content-length")) || null;
  const partial = path.join(request.directory, `.signdesk-${randomBytes(6).toString("hex")}.part`);
  const handle = await open(partial, "wx", 0o644).catch((error: unknown) => {
    throw fsProblem(error, request.directory);
  });
  let received = 0;
  let head = "";
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (head.length < pdfMagic.length) {
        head += Buffer.from(chunk.subarray(0, pdfMagic.length)).toString("latin1");
        if (head.length >= pdfMagic.length && !head.startsWith(pdfMagic)) {
          throw new HandlerError("not_pdf", phrase(downloadMessages.notPdf));
        }
      }
      await handle.write(chunk).catch((error: unknown) => {
        throw fsProblem(error, request.directory);
      });
      received += chunk.length;
      request.onProgress?.(received, total);
    }
    if (!head.startsWith(pdfMagic)) throw new HandlerError("not_pdf", phrase(downloadMessages.notPdf));
    await handle.sync();
    await handle.close();
    // A file that appeared meanwhile under the chosen name is never replaced.
    for (;;) {
      const target = await uniqueSignedPdfPath(request.directory, request.documentName);
      try {
        await placeWithoutOverwriting(partial, target);
        await syncDirectory(request.directory);
        return { path: target, bytes: received };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw fsProblem(error, request.directory);
      }
    }
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(partial, { force: true });
    if (error instanceof HandlerError) throw error;
    throw new HandlerError("network", phrase(downloadMessages.interrupted, { reason: (error as Error).message }));
  }
}

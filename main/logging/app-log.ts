import { randomUUID } from "node:crypto";
import path from "node:path";
import log from "electron-log/node";
import { forLog } from "../../common/redact";

/** Main's log: a file in the user-data folder that a person can send (see diagnostics), never a secret in it. */
export interface AppLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** The file written now; the one before it is `main.old.log` beside it. */
  readonly file: string;
}

/** Past this size the file is kept as main.old.log and a new one begun: at most about 2 MB of log on disk. */
const maxLogBytes = 1024 * 1024;

/**
 * Opens main's log in `folder` (electron-log's file transport, which rotates it): one logger per core (tests start
 * many in one process), nothing on the console. Every line has its e-mail addresses reduced to their domain and its
 * quoted names (“…”) left out; the callers log no key and no request's body (endpoints, statuses, times, counts).
 */
export function openAppLog(folder: string): AppLog {
  const logger = log.create({ logId: `signdesk-${randomUUID()}` });
  const file = path.join(folder, "main.log");
  logger.transports.console.level = false;
  logger.transports.file.level = "info";
  logger.transports.file.resolvePathFn = () => file;
  logger.transports.file.maxSize = maxLogBytes;
  return {
    info: (message) => logger.info(forLog(message)),
    warn: (message) => logger.warn(forLog(message)),
    error: (message) => logger.error(forLog(message)),
    file,
  };
}

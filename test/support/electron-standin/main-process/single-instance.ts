import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import path from "node:path";

/**
 * app.requestSingleInstanceLock() for the stand-in: a lock file holding the first instance's pid in the user-data
 * folder, as Chromium's SingletonLock, and a Unix socket beside it on which a second instance hands over its
 * command line before it quits ("second-instance" in the first).
 */
export interface SecondInstanceMessage {
  argv: string[];
  workingDirectory: string;
  additionalData: unknown;
}

export interface SingleInstance {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The first instance's lock, or null (then `handOver` tells the first instance about this one). */
export function acquireLock(userDataDir: string, onSecondInstance: (message: SecondInstanceMessage) => void) {
  // Chromium makes the user-data folder before anything else.
  mkdirSync(userDataDir, { recursive: true });
  const lockFile = path.join(userDataDir, "StandinSingletonLock");
  const socketPath = path.join(userDataDir, "StandinSingletonSocket");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      rmSync(socketPath, { force: true });
      const server: Server = createServer((socket) => {
        let text = "";
        socket.setEncoding("utf8");
        socket.on("data", (chunk: string) => {
          text += chunk;
          if (!text.endsWith("\n")) return;
          onSecondInstance(JSON.parse(text) as SecondInstanceMessage);
          socket.end("ok\n");
        });
      });
      server.listen(socketPath);
      server.unref();
      const lock: SingleInstance = {
        release() {
          server.close();
          rmSync(socketPath, { force: true });
          rmSync(lockFile, { force: true });
        },
      };
      return lock;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockFile, "utf8"));
      if (isAlive(holder)) return null;
      // Left behind by an instance that died: take it over.
      rmSync(lockFile, { force: true });
    }
  }
  return null;
}

export function handOver(userDataDir: string, message: SecondInstanceMessage): Promise<void> {
  const socketPath = path.join(userDataDir, "StandinSingletonSocket");
  if (!existsSync(socketPath)) return Promise.resolve();
  return new Promise((resolve) => {
    const socket = connect(socketPath, () => socket.write(`${JSON.stringify(message)}\n`));
    socket.on("data", () => socket.end());
    socket.on("close", () => resolve());
    socket.on("error", () => resolve());
  });
}

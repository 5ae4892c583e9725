/**
 * Chromium's switches for tests on this kind of machine: no sandbox as root (Chromium refuses it), and no
 * background traffic, which a closed network answers with refusals. No vitest here: the Electron stand-in's
 * own process uses it too.
 */
export function chromiumArgs(): string[] {
  const runningAsRoot = process.getuid?.() === 0;
  return [
    ...(runningAsRoot ? ["--no-sandbox"] : []),
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--disable-gpu",
    "--disable-dev-shm-usage",
  ];
}

import { launchInfo } from "./launch-info.ts";

/**
 * app.commandLine: Chromium's switches as the process was started with them (`--name` or `--name=value`, up to a
 * bare `--`), with those the app appended or removed.
 */
export class CommandLine {
  private readonly appended = new Map<string, string>();
  private readonly removed = new Set<string>();

  private switches(): Map<string, string> {
    const found = new Map<string, string>();
    for (const arg of launchInfo().argv.slice(1)) {
      if (arg === "--") break;
      const match = /^--([^=]+)(?:=(.*))?$/s.exec(arg);
      if (match?.[1] !== undefined) found.set(match[1], match[2] ?? "");
    }
    // As Electron (shell/app/electron_main_delegate.cc): ELECTRON_DISABLE_SANDBOX appends --no-sandbox.
    if (process.env.ELECTRON_DISABLE_SANDBOX !== undefined) found.set("no-sandbox", "");
    for (const name of this.removed) found.delete(name);
    for (const [name, value] of this.appended) found.set(name, value);
    return found;
  }

  hasSwitch(name: string): boolean {
    return this.switches().has(name);
  }

  getSwitchValue(name: string): string {
    return this.switches().get(name) ?? "";
  }

  appendSwitch(name: string, value = ""): void {
    this.removed.delete(name);
    this.appended.set(name, value);
  }

  removeSwitch(name: string): void {
    this.appended.delete(name);
    this.removed.add(name);
  }
}

import { EventEmitter } from "node:events";
import { records } from "./records.ts";

/**
 * ELECTRON_STANDIN_NO_OPENER=1 stands for a desktop with nothing to open links and files with (xdg-open fails). Then,
 * as Electron on Linux (shell/common/platform_util_linux.cc, electron_api_shell.cc), openExternal rejects with
 * "Failed to open path" and openPath resolves to that message.
 */
function noOpener(): boolean {
  return process.env.ELECTRON_STANDIN_NO_OPENER === "1";
}

const openFailure = "Failed to open path";

/** shell: the stand-in opens nothing on the desktop; it records what the app asked to open. */
export const shell = {
  async openExternal(url: string): Promise<void> {
    records.openExternal.push(url);
    if (noOpener()) throw new Error(openFailure);
  },
  showItemInFolder(fullPath: string): void {
    records.showItemInFolder.push(fullPath);
  },
  async openPath(fullPath: string): Promise<string> {
    records.openPath.push(fullPath);
    return noOpener() ? openFailure : "";
  },
  beep(): void {},
};

/** dialog: no desktop to show one on; message and error boxes are recorded, file dialogs answer "canceled". */
export const dialog = {
  showErrorBox(title: string, content: string): void {
    records.errorBoxes.push({ title, content });
    console.error(`[electron stand-in] error box: ${title}: ${content}`);
  },
  /** Answers the first button (its default), as a person pressing Enter would; what it said is recorded and logged. */
  async showMessageBox(
    ...args: [unknown, { message: string; detail?: string; buttons?: string[] }?]
  ): Promise<{ response: number; checkboxChecked: boolean }> {
    const options = (args[1] ?? args[0]) as { message: string; detail?: string; buttons?: string[] };
    const box = { message: options.message, detail: options.detail ?? "", buttons: options.buttons ?? [] };
    records.messageBoxes.push(box);
    console.error(`[electron stand-in] message box: ${box.message} | ${box.detail} | ${box.buttons.join(" / ")}`);
    return { response: 0, checkboxChecked: false };
  },
  async showOpenDialog(): Promise<{ canceled: boolean; filePaths: string[] }> {
    return { canceled: true, filePaths: [] };
  },
  async showSaveDialog(): Promise<{ canceled: boolean; filePath: string }> {
    return { canceled: true, filePath: "" };
  },
};

class NativeTheme extends EventEmitter {
  themeSource: "system" | "light" | "dark" = "system";
  /** ELECTRON_STANDIN_DARK=1 stands for a desktop in dark mode. */
  get shouldUseDarkColors(): boolean {
    if (this.themeSource !== "system") return this.themeSource === "dark";
    return process.env.ELECTRON_STANDIN_DARK === "1";
  }
}

export const nativeTheme = new NativeTheme();

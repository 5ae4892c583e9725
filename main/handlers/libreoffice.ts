import { type ExecFileException, execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import type { LibreOfficeStatus } from "../../common/libreoffice";
import { libreOfficeDownload } from "../../node-shared/pdf/convert-docx";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";

/** What these handlers use of the core. */
export type LibreOfficeHandlerDeps = Pick<Core, "locateSoffice" | "settings">;

const versionTimeoutMs = 30_000;

const messages = defineMessages({
  noFile: { id: "main.libreoffice.noFile", defaultMessage: "There is no file at {program}." },
  isFolder: {
    id: "main.libreoffice.isFolder",
    defaultMessage:
      "{program} is a folder: enter the path to LibreOffice's soffice program in it (such as program\\soffice.exe on Windows, or LibreOffice.app/Contents/MacOS/soffice on macOS).",
  },
  cannotRun: {
    id: "main.libreoffice.cannotRun",
    defaultMessage: "{program} cannot be run, so it is not LibreOffice's program.",
  },
  noAnswer: {
    id: "main.libreoffice.noAnswer",
    defaultMessage:
      "{name} did not answer --version within {seconds, number} seconds, so it is not taken for LibreOffice.",
  },
  notLibreOffice: {
    id: "main.libreoffice.notLibreOffice",
    defaultMessage:
      '{program} is not LibreOffice: asked for its version, it answered {answered, select, nothing {nothing} other {"{firstLine}"}}. Choose LibreOffice\'s soffice program (get LibreOffice from {download}).',
    description: "{firstLine} is the first line the program printed",
  },
});

async function status(core: LibreOfficeHandlerDeps): Promise<LibreOfficeStatus> {
  const location = await core.locateSoffice();
  return {
    path: location.path,
    source: location.source,
    configured: core.settings.get("sofficePath") ?? null,
    places: location.places,
    download: libreOfficeDownload,
  };
}

/** What `program --version` prints. On Windows soffice.exe prints nothing to a pipe: its console twin soffice.com does. */
function versionOf(program: string): Promise<{ output: string; error: ExecFileException | null }> {
  const twin = program.replace(/soffice\.exe$/i, "soffice.com");
  const run = process.platform === "win32" && twin !== program && existsSync(twin) ? twin : program;
  return new Promise((resolve) => {
    execFile(
      run,
      ["--version"],
      { timeout: versionTimeoutMs, windowsHide: true, maxBuffer: 64 * 1024 },
      (error, stdout, stderr) => resolve({ output: `${stdout}\n${stderr}`.trim(), error }),
    );
  });
}

/** Refuses, with the reason, a path that is not LibreOffice's program: missing, not runnable, or something else. */
async function checkLibreOffice(program: string): Promise<void> {
  const info = await stat(program).catch(() => null);
  if (info === null) throw new HandlerError("not_found", phrase(messages.noFile, { program }));
  if (!info.isFile()) {
    throw new HandlerError("not_libreoffice", phrase(messages.isFolder, { program }));
  }
  const { output, error } = await versionOf(program);
  if (/LibreOffice/.test(output)) return;
  const name = path.basename(program);
  if (error?.code === "EACCES" || error?.code === "ENOEXEC" || error?.code === "UNKNOWN") {
    throw new HandlerError("not_libreoffice", phrase(messages.cannotRun, { program }));
  }
  if (error?.killed === true) {
    throw new HandlerError("not_libreoffice", phrase(messages.noAnswer, { name, seconds: versionTimeoutMs / 1000 }));
  }
  const firstLine = output.split(/\r?\n/, 1)[0]?.slice(0, 200) ?? "";
  throw new HandlerError(
    "not_libreoffice",
    phrase(messages.notLibreOffice, {
      program,
      answered: firstLine === "" ? "nothing" : "line",
      firstLine,
      download: libreOfficeDownload,
    }),
  );
}

export function libreOfficeHandlers(
  core: LibreOfficeHandlerDeps,
): Pick<HandlerImplementations, "libreOfficeFind" | "libreOfficeUse"> {
  return {
    libreOfficeFind: () => status(core),
    libreOfficeUse: async ({ path: program }) => {
      if (program === null) {
        core.settings.update({ sofficePath: undefined });
      } else {
        await checkLibreOffice(program);
        core.settings.update({ sofficePath: program });
      }
      return status(core);
    },
  };
}

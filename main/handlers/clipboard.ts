import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";

/** What these handlers use of the core. */
export type ClipboardHandlerDeps = Pick<Core, "clipboard">;

/** Writes what the window copies (a template's ID) to the system clipboard, which the window itself cannot reach. */
export function clipboardHandlers(core: ClipboardHandlerDeps): Pick<HandlerImplementations, "clipboardWriteText"> {
  return {
    clipboardWriteText: ({ text }) => {
      if (core.clipboard === null) throw new HandlerError("not_available", "Copying is not available here.");
      core.clipboard.writeText(text);
      return null;
    },
  };
}

import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";

/** Writes what the window copies (a template's ID) to the system clipboard, which the window itself cannot reach. */
export function clipboardHandlers(core: Core): Pick<HandlerImplementations, "clipboardWriteText"> {
  return {
    clipboardWriteText: ({ text }) => {
      if (core.clipboard === null) throw new HandlerError("not_available", "Copying is not available here.");
      core.clipboard.writeText(text);
      return null;
    },
  };
}

import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import type { Core } from "../core-types";
import type { HandlerImplementations } from "../dispatch";
import { HandlerError } from "../handler-error";

const messages = defineMessages({
  notAvailable: { id: "main.clipboard.notAvailable", defaultMessage: "Copying is not available here." },
});

/** What these handlers use of the core. */
export type ClipboardHandlerDeps = Pick<Core, "clipboard">;

/** Writes what the window copies (a template's ID) to the system clipboard, which the window itself cannot reach. */
export function clipboardHandlers(core: ClipboardHandlerDeps): Pick<HandlerImplementations, "clipboardWriteText"> {
  return {
    clipboardWriteText: ({ text }) => {
      if (core.clipboard === null) throw new HandlerError("not_available", phrase(messages.notAvailable));
      core.clipboard.writeText(text);
      return null;
    },
  };
}

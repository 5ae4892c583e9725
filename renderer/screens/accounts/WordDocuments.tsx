import { type ReactNode, useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import { isAbsolutePath, type LibreOfficeStatus } from "../../../common/libreoffice";
import type { IpcResult } from "../../../common/result";
import { useResource } from "../../hooks/useResource";
import { productName } from "./product-name";

const messages = defineMessages({
  notFound: {
    id: "accounts.word.notFound",
    defaultMessage:
      "<strong>LibreOffice was not found.</strong>Word documents cannot be converted to PDF until it is installed. Get it from <link>{download}</link>. {app} looks in {places}; or enter the path to its program below.",
    description: "{download}: LibreOffice's download address; {places}: where it was looked for.",
  },
  found: {
    id: "accounts.word.found",
    defaultMessage:
      "Word documents are converted to PDF with the LibreOffice at <code>{path}</code>{source, select, setting {, the path set here.} environment {, from SOFFICE_PATH.} other {, found in the usual places ({places}).}}",
    description: "SOFFICE_PATH: an environment variable's name; {places}: where it was looked for.",
  },
  nowUsed: {
    id: "accounts.word.nowUsed",
    defaultMessage: "{app} converts Word documents with this LibreOffice from now on.",
  },
  fullPath: {
    id: "accounts.word.fullPath",
    defaultMessage: "Enter the full path to LibreOffice's soffice program, starting with / or a drive letter (C:\\).",
  },
  heading: { id: "accounts.word.heading", defaultMessage: "Word documents", description: "Section heading." },
  looking: { id: "accounts.word.looking", defaultMessage: "Looking for LibreOffice…" },
  lookFailed: { id: "accounts.word.lookFailed", defaultMessage: "{app} could not look for LibreOffice: {reason}" },
  unused: {
    id: "accounts.word.unused",
    defaultMessage: "The path set here, <code>{path}</code>, is not there any more, so it is not used.",
  },
  program: {
    id: "accounts.word.program",
    defaultMessage: "LibreOffice’s program",
    description: "Label of the path field.",
  },
  programHint: {
    id: "accounts.word.programHint",
    defaultMessage:
      "The full path to its soffice program, e.g. C:\\Program Files\\LibreOffice\\program\\soffice.exe or /Applications/LibreOffice.app/Contents/MacOS/soffice. “Find again” forgets a path set here and looks in the usual places.",
    description: "“Find again”: the button's words.",
  },
  checking: { id: "accounts.word.checking", defaultMessage: "Checking…" },
  use: { id: "accounts.word.use", defaultMessage: "Use this", description: "Button: uses the path entered." },
  lookingButton: { id: "accounts.word.lookingButton", defaultMessage: "Looking…" },
  findAgain: { id: "accounts.word.findAgain", defaultMessage: "Find again", description: "Button." },
});

const code = (chunks: ReactNode[]) => <code className="settings-url">{chunks}</code>;

interface WordDocumentsProps {
  bridge: SigndeskApi;
}

/** Which LibreOffice is used, in words. */
function Described({ status }: { status: LibreOfficeStatus }) {
  if (status.path === null) {
    return (
      <FormattedMessage
        {...messages.notFound}
        values={{
          app: productName,
          download: status.download,
          places: status.places,
          strong: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
          link: (chunks: ReactNode[]) => (
            <a href={status.download} target="_blank" rel="noreferrer">
              {chunks}
            </a>
          ),
        }}
      />
    );
  }
  return (
    <FormattedMessage
      {...messages.found}
      values={{ path: status.path, source: status.source ?? "search", places: status.places, code }}
    />
  );
}

/** The "Word documents" section: the LibreOffice found or set, a path to use instead, and "Find again". */
export function WordDocuments({ bridge }: WordDocumentsProps) {
  const intl = useIntl();
  const [loaded] = useResource(() => bridge.libreOfficeFind(), [bridge]);
  const [status, setStatus] = useState<LibreOfficeStatus | null>(null);
  const [path, setPath] = useState("");
  const [busy, setBusy] = useState<"use" | "find" | null>(null);
  /** The outcome of the last "Use this" or "Find again". */
  const [message, setMessage] = useState<{ kind: "notice" | "problem"; text: string } | null>(null);

  useEffect(() => {
    if (loaded.status !== "ready") return;
    setStatus(loaded.value);
    setPath(loaded.value.path ?? "");
  }, [loaded]);

  const apply = async (kind: "use" | "find", call: () => Promise<IpcResult<LibreOfficeStatus>>) => {
    setMessage(null);
    setBusy(kind);
    try {
      const result = await call();
      if (!result.ok) {
        setMessage({ kind: "problem", text: result.error.message });
        return;
      }
      setStatus(result.value);
      setPath(result.value.path ?? "");
      if (kind === "use") {
        setMessage({ kind: "notice", text: intl.formatMessage(messages.nowUsed, { app: productName }) });
      }
    } finally {
      setBusy(null);
    }
  };

  const use = () => {
    const chosen = path.trim();
    if (!isAbsolutePath(chosen)) {
      setMessage({
        kind: "problem",
        text: intl.formatMessage(messages.fullPath),
      });
      document.getElementById("word-soffice-path")?.focus();
      return;
    }
    void apply("use", () => bridge.libreOfficeUse({ path: chosen }));
  };

  // A path set here whose file has gone: the search took over.
  const unused = status !== null && status.source !== "setting" ? status.configured : null;

  return (
    <section className="word-section" aria-labelledby="word-documents-title">
      <h2 id="word-documents-title">{intl.formatMessage(messages.heading)}</h2>
      <div role="status">
        {loaded.status === "loading" && <p className="muted">{intl.formatMessage(messages.looking)}</p>}
        {loaded.status === "failed" && (
          <p className="problem">
            {intl.formatMessage(messages.lookFailed, { app: productName, reason: loaded.message })}
          </p>
        )}
        {status !== null && (
          <p className="settings-outcome">
            <Described status={status} />
          </p>
        )}
        {unused !== null && (
          <p className="settings-hint">
            <FormattedMessage
              {...messages.unused}
              values={{ path: unused, code: (chunks: ReactNode[]) => <code>{chunks}</code> }}
            />
          </p>
        )}
      </div>
      <form
        className="settings-form"
        aria-labelledby="word-documents-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          use();
        }}
      >
        <div className="settings-field">
          <label htmlFor="word-soffice-path">{intl.formatMessage(messages.program)}</label>
          <input
            id="word-soffice-path"
            value={path}
            maxLength={4096}
            spellCheck={false}
            autoComplete="off"
            aria-describedby="word-soffice-path-hint"
            onChange={(event) => setPath(event.target.value)}
          />
          <span className="settings-hint" id="word-soffice-path-hint">
            {intl.formatMessage(messages.programHint)}
          </span>
        </div>
        <div className="settings-form-actions">
          <button type="submit" className="primary" disabled={busy !== null}>
            {intl.formatMessage(busy === "use" ? messages.checking : messages.use)}
          </button>
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => void apply("find", () => bridge.libreOfficeUse({ path: null }))}
          >
            {intl.formatMessage(busy === "find" ? messages.lookingButton : messages.findAgain)}
          </button>
        </div>
        {message !== null && (
          <p className={message.kind} role={message.kind === "problem" ? "alert" : "status"}>
            {message.text}
          </p>
        )}
      </form>
    </section>
  );
}

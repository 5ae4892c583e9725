import { useEffect, useState } from "react";
import type { SigndeskApi } from "../../../common/contract";
import { isAbsolutePath, type LibreOfficeStatus } from "../../../common/libreoffice";
import type { IpcResult } from "../../../common/result";
import { useResource } from "../../hooks/useResource";

interface WordDocumentsProps {
  bridge: SigndeskApi;
}

/** Which LibreOffice is used, in words. */
function describe(status: LibreOfficeStatus) {
  if (status.path === null) {
    return (
      <>
        <strong>LibreOffice was not found.</strong>
        Word documents cannot be converted to PDF until it is installed. Get it from{" "}
        <a href={status.download} target="_blank" rel="noreferrer">
          {status.download}
        </a>
        . Signdesk looks in {status.places}; or enter the path to its program below.
      </>
    );
  }
  const where = <code className="settings-url">{status.path}</code>;
  const how =
    status.source === "setting"
      ? ", the path set here."
      : status.source === "environment"
        ? ", from SOFFICE_PATH."
        : `, found in the usual places (${status.places}).`;
  return (
    <>
      Word documents are converted to PDF with the LibreOffice at {where}
      {how}
    </>
  );
}

/** The "Word documents" section: the LibreOffice found or set, a path to use instead, and "Find again". */
export function WordDocuments({ bridge }: WordDocumentsProps) {
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
        setMessage({ kind: "notice", text: "Signdesk converts Word documents with this LibreOffice from now on." });
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
        text: "Enter the full path to LibreOffice's soffice program, starting with / or a drive letter (C:\\).",
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
      <h2 id="word-documents-title">Word documents</h2>
      <div role="status">
        {loaded.status === "loading" && <p className="muted">Looking for LibreOffice…</p>}
        {loaded.status === "failed" && (
          <p className="problem">Signdesk could not look for LibreOffice: {loaded.message}</p>
        )}
        {status !== null && <p className="settings-outcome">{describe(status)}</p>}
        {unused !== null && (
          <p className="settings-hint">
            The path set here, <code>{unused}</code>, is not there any more, so it is not used.
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
          <label htmlFor="word-soffice-path">LibreOffice’s program</label>
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
            The full path to its soffice program, e.g. C:\Program Files\LibreOffice\program\soffice.exe or
            /Applications/LibreOffice.app/Contents/MacOS/soffice. “Find again” forgets a path set here and looks in the
            usual places.
          </span>
        </div>
        <div className="settings-form-actions">
          <button type="submit" className="primary" disabled={busy !== null}>
            {busy === "use" ? "Checking…" : "Use this"}
          </button>
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => void apply("find", () => bridge.libreOfficeUse({ path: null }))}
          >
            {busy === "find" ? "Looking…" : "Find again"}
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

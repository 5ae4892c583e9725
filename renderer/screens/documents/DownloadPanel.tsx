import { useState } from "react";
import { FormattedMessage, type IntlShape, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { PdfSealSummary } from "../../../common/pdf-seal";
import { SealNotice } from "./SealNotice";

export type DownloadState =
  | { phase: "downloading"; done: number; total: number | null }
  | { phase: "saved"; path: string; bytes: number; seal: PdfSealSummary }
  | { phase: "failed"; message: string };

const messages = defineMessages({
  bytes: {
    id: "documents.size.bytes",
    defaultMessage: "{count, plural, other {# bytes}}",
    description: "A file's size under 1 KB. English says 'bytes' for every count.",
  },
  size: {
    id: "documents.size.units",
    defaultMessage: "{size} {unit, select, kb {KB} mb {MB} other {GB}}",
    description: "A file's size: {size} is a number such as 1.5 or 12, then the unit's abbreviation.",
  },
  download: { id: "documents.download.button", defaultMessage: "Download", description: "Saves the signed PDF." },
  downloadAgain: {
    id: "documents.download.again",
    defaultMessage: "Download again",
    description: "Saves the signed PDF once more.",
  },
  downloading: { id: "documents.download.downloading", defaultMessage: "Downloading…" },
  showInFolder: { id: "documents.download.showInFolder", defaultMessage: "Show in folder" },
  open: { id: "documents.download.open", defaultMessage: "Open", description: "Opens the saved signed PDF." },
  hint: {
    id: "documents.download.hint",
    defaultMessage: "Saves the signed PDF, with its audit trail page, into your downloads folder in one click.",
  },
  progressLabel: {
    id: "documents.download.progressLabel",
    defaultMessage: "Downloading {name}",
    description: "The progress bar's name for screen readers; {name} is the document's name.",
  },
  received: {
    id: "documents.download.received",
    defaultMessage: "{size} received",
    description: "While downloading, when the whole size is not known: {size} is '1.5 MB'.",
  },
  percentOf: {
    id: "documents.download.percentOf",
    defaultMessage: "{ratio, number, percent} of {size}",
    description: "While downloading: '40% of 1.5 MB'.",
  },
  saved: {
    id: "documents.download.saved",
    defaultMessage: "Saved ({size}) to <code>{path}</code>",
    description: "{size} is '1.5 MB'; {path} is where the file was saved.",
  },
  failed: {
    id: "documents.download.failed",
    defaultMessage: "The download failed: {reason}",
    description: "{reason} says why, as Signdesk or the service said it.",
  },
});

const units = ["kb", "mb", "gb"] as const;

/** A size in bytes as "512 bytes", "1.5 MB" or "12 MB", in the window's language. */
export function formatBytes(intl: IntlShape, bytes: number): string {
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit < 0) return intl.formatMessage(messages.bytes, { count: value });
  const digits = value < 10 ? 1 : 0;
  const size = intl.formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return intl.formatMessage(messages.size, { size, unit: units[unit] ?? "gb" });
}

interface DownloadPanelProps {
  bridge: SigndeskApi;
  documentName: string;
  state: DownloadState | undefined;
  onDownload: () => void;
}

/** "Download" saves the signed PDF into the downloads folder in one click; then "Show in folder" and "Open". */
export function DownloadPanel({ bridge, documentName, state, onDownload }: DownloadPanelProps) {
  const intl = useIntl();
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const busy = state?.phase === "downloading";

  const onFile = async (action: "show" | "open", path: string) => {
    setFileProblem(null);
    const result =
      action === "show" ? await bridge.documentsShowInFolder({ path }) : await bridge.documentsOpenFile({ path });
    if (!result.ok) setFileProblem(result.error.message);
  };

  return (
    <div className="download-panel">
      <div className="detail-actions">
        <button
          type="button"
          className="primary"
          onClick={() => {
            setFileProblem(null);
            onDownload();
          }}
          disabled={busy}
          aria-describedby="download-hint"
        >
          {intl.formatMessage(
            busy ? messages.downloading : state?.phase === "saved" ? messages.downloadAgain : messages.download,
          )}
        </button>
        {state?.phase === "saved" && (
          <>
            <button type="button" onClick={() => void onFile("show", state.path)}>
              {intl.formatMessage(messages.showInFolder)}
            </button>
            <button type="button" onClick={() => void onFile("open", state.path)}>
              {intl.formatMessage(messages.open)}
            </button>
          </>
        )}
      </div>
      <p id="download-hint" className="muted small">
        {intl.formatMessage(messages.hint)}
      </p>
      {state?.phase === "downloading" && (
        <div className="progress">
          <progress
            aria-label={intl.formatMessage(messages.progressLabel, { name: documentName })}
            value={state.total === null ? undefined : state.done}
            max={state.total ?? undefined}
          />
          <span>
            {state.total === null
              ? intl.formatMessage(messages.received, { size: formatBytes(intl, state.done) })
              : intl.formatMessage(messages.percentOf, {
                  ratio: Math.round((100 * state.done) / Math.max(state.total, 1)) / 100,
                  size: formatBytes(intl, state.total),
                })}
          </span>
        </div>
      )}
      {state?.phase === "saved" && (
        <p className="notice saved-notice" role="status">
          <FormattedMessage
            {...messages.saved}
            values={{
              size: formatBytes(intl, state.bytes),
              path: <bdi>{state.path}</bdi>,
              code: (chunks) => <code className="saved-path">{chunks}</code>,
            }}
          />
        </p>
      )}
      {state?.phase === "saved" && <SealNotice seal={state.seal} />}
      {state?.phase === "failed" && (
        <p className="problem" role="alert">
          {intl.formatMessage(messages.failed, { reason: state.message })}
        </p>
      )}
      {fileProblem !== null && (
        <p className="problem" role="alert">
          {fileProblem}
        </p>
      )}
    </div>
  );
}

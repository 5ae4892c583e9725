import { useState } from "react";
import type { SigndeskApi } from "../../../common/contract";
import type { PdfSealSummary } from "../../../common/pdf-seal";
import { SealNotice } from "./SealNotice";

export type DownloadState =
  | { phase: "downloading"; done: number; total: number | null }
  | { phase: "saved"; path: string; bytes: number; seal: PdfSealSummary }
  | { phase: "failed"; message: string };

const units = ["bytes", "KB", "MB", "GB"];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} ${units[0]}` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

interface DownloadPanelProps {
  bridge: SigndeskApi;
  documentName: string;
  state: DownloadState | undefined;
  onDownload: () => void;
}

/** "Download" saves the signed PDF into the downloads folder in one click; then "Show in folder" and "Open". */
export function DownloadPanel({ bridge, documentName, state, onDownload }: DownloadPanelProps) {
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
          {busy ? "Downloading…" : state?.phase === "saved" ? "Download again" : "Download"}
        </button>
        {state?.phase === "saved" && (
          <>
            <button type="button" onClick={() => void onFile("show", state.path)}>
              Show in folder
            </button>
            <button type="button" onClick={() => void onFile("open", state.path)}>
              Open
            </button>
          </>
        )}
      </div>
      <p id="download-hint" className="muted small">
        Saves the signed PDF, with its audit trail page, into your downloads folder in one click.
      </p>
      {state?.phase === "downloading" && (
        <div className="progress">
          <progress
            aria-label={`Downloading ${documentName}`}
            value={state.total === null ? undefined : state.done}
            max={state.total ?? undefined}
          />
          <span>
            {state.total === null
              ? `${formatBytes(state.done)} received`
              : `${Math.round((100 * state.done) / Math.max(state.total, 1))}% of ${formatBytes(state.total)}`}
          </span>
        </div>
      )}
      {state?.phase === "saved" && (
        <p className="notice saved-notice" role="status">
          Saved ({formatBytes(state.bytes)}) to <code className="saved-path">{state.path}</code>
        </p>
      )}
      {state?.phase === "saved" && <SealNotice seal={state.seal} />}
      {state?.phase === "failed" && (
        <p className="problem" role="alert">
          The download failed: {state.message}
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

import { useState } from "react";
import type { SigndeskApi } from "../../../common/contract";

/** Long IDs (the service's are UUIDs) are shown by their first characters, as a reminder rather than to be read. */
const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

interface TemplateIdCopyProps {
  bridge: SigndeskApi;
  templateId: string;
  /** Names the button for assistive technology: each row has one. */
  templateName: string;
}

/**
 * A template's ID out of its row's way: short and muted, with a button that copies it whole. Main writes it to the
 * system clipboard (the window's own clipboard is refused); what happened is announced, and "copied" goes once the
 * focus leaves the button. Where copying is not available, the whole ID is shown to be selected instead.
 */
export function TemplateIdCopy({ bridge, templateId, templateName }: TemplateIdCopyProps) {
  const [outcome, setOutcome] = useState<{ copied: boolean; text: string } | null>(null);

  const copy = async () => {
    const result = await bridge.clipboardWriteText({ text: templateId });
    setOutcome(
      result.ok
        ? { copied: true, text: "Template ID copied." }
        : { copied: false, text: `${result.error.message} Select the ID to copy it: ${templateId}` },
    );
  };

  return (
    <span className="template-id">
      ID <code title={templateId}>{shortId(templateId)}</code>{" "}
      <button
        type="button"
        className="link-button"
        onClick={() => void copy()}
        onBlur={() => setOutcome((current) => (current?.copied === true ? null : current))}
      >
        Copy ID<span className="visually-hidden"> of {templateName}</span>
      </button>
      <span role="status" className="template-id-outcome">
        {outcome?.text}
      </span>
    </span>
  );
}

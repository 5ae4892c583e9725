import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";

const messages = defineMessages({
  copied: { id: "templates.idCopy.copied", defaultMessage: "Template ID copied." },
  notCopied: {
    id: "templates.idCopy.notCopied",
    defaultMessage: "{reason} Select the ID to copy it: {templateId}",
    description: "{reason} says why the ID could not be copied, a full sentence.",
  },
  id: {
    id: "templates.idCopy.id",
    defaultMessage: "ID <code>{shortId}</code>",
    description: "A template's ID, shortened ('ID 3f2a9c1e…').",
  },
  copy: {
    id: "templates.idCopy.copy",
    defaultMessage: "Copy ID<hidden> of {name}</hidden>",
    description: "<hidden> is read by assistive technology only; {name} names the template.",
  },
});

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
  const intl = useIntl();
  const [outcome, setOutcome] = useState<{ copied: boolean; text: string } | null>(null);

  const copy = async () => {
    const result = await bridge.clipboardWriteText({ text: templateId });
    setOutcome(
      result.ok
        ? { copied: true, text: intl.formatMessage(messages.copied) }
        : {
            copied: false,
            text: intl.formatMessage(messages.notCopied, { reason: result.error.message, templateId }),
          },
    );
  };

  return (
    <span className="template-id">
      <FormattedMessage
        {...messages.id}
        values={{ shortId: shortId(templateId), code: (chunks) => <code title={templateId}>{chunks}</code> }}
      />{" "}
      <button
        type="button"
        className="link-button"
        onClick={() => void copy()}
        onBlur={() => setOutcome((current) => (current?.copied === true ? null : current))}
      >
        <FormattedMessage
          {...messages.copy}
          values={{ name: templateName, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }}
        />
      </button>
      <span role="status" className="template-id-outcome">
        {outcome?.text}
      </span>
    </span>
  );
}

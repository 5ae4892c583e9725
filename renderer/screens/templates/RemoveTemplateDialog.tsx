import { FormattedMessage, useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import { defineMessages } from "../../../common/i18n/define-messages";
import type { TemplateRecord } from "../../../common/records";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { formatWhen } from "../../format/when";

const appName = "Signdesk";

const messages = defineMessages({
  title: { id: "templates.remove.title", defaultMessage: "Remove “{name}”?" },
  confirm: { id: "templates.remove.confirm", defaultMessage: "Remove from list" },
  busy: { id: "templates.remove.busy", defaultMessage: "Removing…" },
  failed: { id: "templates.remove.failed", defaultMessage: "“{name}” was not removed: {reason}" },
  about: {
    id: "templates.remove.about",
    defaultMessage:
      "{appName} stops listing it on this computer. The template itself stays at the service ({appName} cannot delete templates there), the documents sent from it stay listed, and you can add it again by its ID (<code>{templateId}</code>).",
  },
  replacement: {
    id: "templates.remove.replacement",
    defaultMessage:
      "Its earlier version, {source, select, byId {added} other {created}} {when}, is listed in its place.",
    description: "{when}: 'just now', '5 minutes ago', a date.",
  },
});

interface RemoveTemplateDialogProps {
  bridge: SigndeskApi;
  template: TemplateRecord;
  /** The earlier version listed in its place, if any. */
  replacement: TemplateRecord | undefined;
  onClose: (removed: boolean) => void;
}

/** Confirms removing a template from Signdesk's list, saying that the service keeps it. */
export function RemoveTemplateDialog({ bridge, template, replacement, onClose }: RemoveTemplateDialogProps) {
  const intl = useIntl();
  return (
    <ConfirmDialog
      title={intl.formatMessage(messages.title, { name: template.name })}
      confirmLabel={intl.formatMessage(messages.confirm)}
      busyLabel={intl.formatMessage(messages.busy)}
      onConfirm={async () => {
        const result = await bridge.templatesRemove({ templateId: template.templateId });
        return result.ok
          ? null
          : intl.formatMessage(messages.failed, { name: template.name, reason: result.error.message });
      }}
      onClose={onClose}
    >
      <p>
        <FormattedMessage
          {...messages.about}
          values={{ appName, templateId: template.templateId, code: (chunks) => <code>{chunks}</code> }}
        />
      </p>
      {replacement !== undefined && (
        <p>
          {intl.formatMessage(messages.replacement, {
            source: replacement.source === "by-id" ? "byId" : "created",
            when: formatWhen(intl, replacement.createdAt),
          })}
        </p>
      )}
    </ConfirmDialog>
  );
}

import { useIntl } from "react-intl";
import type { SigndeskApi } from "../../../common/contract";
import type { TemplateRecord } from "../../../common/records";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { formatWhen } from "../../format/when";

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
      title={`Remove “${template.name}”?`}
      confirmLabel="Remove from list"
      busyLabel="Removing…"
      onConfirm={async () => {
        const result = await bridge.templatesRemove({ templateId: template.templateId });
        return result.ok ? null : `“${template.name}” was not removed: ${result.error.message}`;
      }}
      onClose={onClose}
    >
      <p>
        Signdesk stops listing it on this computer. The template itself stays at the service (Signdesk cannot delete
        templates there), the documents sent from it stay listed, and you can add it again by its ID (
        <code>{template.templateId}</code>).
      </p>
      {replacement !== undefined && (
        <p>
          Its earlier version, {replacement.source === "by-id" ? "added" : "created"}{" "}
          {formatWhen(intl, replacement.createdAt)}, is listed in its place.
        </p>
      )}
    </ConfirmDialog>
  );
}

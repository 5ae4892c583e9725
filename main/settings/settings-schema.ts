import { z } from "zod";
import { AccountSchema } from "../../common/accounts";
import { DocumentRecordSchema, TemplateRecordSchema, WebhookRecordSchema } from "../../common/records";

export type { DocumentRecord, TemplateRecord, WebhookRecord } from "../../common/records";

/** What the app keeps in its settings file (never an API key). Validated whenever it is read. */

export const SettingsDataSchema = z.object({
  accounts: z.array(AccountSchema),
  activeAccountId: z.string().nullable(),
  /** The embedded sandbox's port, kept so that its signing links stay valid across restarts. */
  sandboxPort: z.number().int().nullable(),
  templates: z.array(TemplateRecordSchema),
  webhooks: z.array(WebhookRecordSchema),
  documents: z.array(DocumentRecordSchema),
  /** LibreOffice's program, set on the Accounts screen (absent: searched where its installers put it). */
  sofficePath: z.string().min(1).max(4096).optional(),
});
export type SettingsData = z.infer<typeof SettingsDataSchema>;

export const defaultSettings: SettingsData = {
  accounts: [],
  activeAccountId: null,
  sandboxPort: null,
  templates: [],
  webhooks: [],
  documents: [],
};

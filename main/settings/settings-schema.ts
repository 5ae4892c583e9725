import { z } from "zod";
import { AccountSchema } from "../../common/accounts";

export type { DocumentRecord, TemplateRecord, WebhookRecord } from "../../common/records";

/**
 * What the app keeps in its settings file (never an API key). Validated whenever it is read. Documents, templates
 * and webhooks live in the records database (main/records); older files held them here, under `legacyRecordKeys`,
 * and are moved over once.
 */

export const SettingsDataSchema = z.object({
  accounts: z.array(AccountSchema),
  activeAccountId: z.string().nullable(),
  /** The embedded sandbox's port, kept so that its signing links stay valid across restarts. */
  sandboxPort: z.number().int().nullable(),
  /** LibreOffice's program, set on the Accounts screen (absent: searched where its installers put it). */
  sofficePath: z.string().min(1).max(4096).optional(),
  /** The language chosen under Accounts ("system" or a locale), checked where it is read (main/i18n). */
  locale: z.string().max(40).optional(),
});
export type SettingsData = z.infer<typeof SettingsDataSchema>;

export const defaultSettings: SettingsData = {
  accounts: [],
  activeAccountId: null,
  sandboxPort: null,
};

/** Where settings files written before the records database kept the records. */
export const legacyRecordKeys = ["templates", "webhooks", "documents"] as const;
export type LegacyRecords = Partial<Record<(typeof legacyRecordKeys)[number], unknown>>;

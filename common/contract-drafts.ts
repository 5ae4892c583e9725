import { z } from "zod";
import { channelNames } from "./channels";
import { Bytes, Id, NoArgs, Nothing } from "./contract-desktop";
import { DraftSchema, DraftSummarySchema } from "./draft";
import { FieldsFoundSchema } from "./found-fields";
import { PhraseOrTextSchema } from "./i18n/phrase";

/* The IPC contract's channels of offline drafts: made from a file, opened, saved, managed, and looked through for the
 * fields their documents declare (contract.ts holds the others and the events). */

export const draftChannels = {
  draftsList: {
    channel: channelNames.draftsList,
    args: NoArgs,
    result: z.object({
      drafts: z.array(DraftSummarySchema),
      problems: z.array(z.object({ id: z.string(), message: PhraseOrTextSchema })),
    }),
  },
  draftsCreateFromFile: {
    channel: channelNames.draftsCreateFromFile,
    /** `id`: the renderer's choice (a new UUID), so that it opens the draft by id while main makes it. */
    args: z.object({ id: z.uuid().optional(), fileName: z.string().min(1).max(255), bytes: Bytes }),
    result: DraftSchema,
  },
  draftsOpen: {
    channel: channelNames.draftsOpen,
    args: z.object({ id: Id }),
    result: z.object({ draft: DraftSchema, pdf: Bytes }),
  },
  draftsSave: {
    channel: channelNames.draftsSave,
    /** A draft that fails the schema is refused in its own words (main/drafts: draftSaveProblem). */
    args: z.object({ draft: DraftSchema }),
    result: z.object({ revision: z.number(), updatedAt: z.string() }),
  },
  draftsRename: {
    channel: channelNames.draftsRename,
    args: z.object({ id: Id, name: z.string() }),
    result: z.object({ revision: z.number(), updatedAt: z.string() }),
  },
  draftsDuplicate: { channel: channelNames.draftsDuplicate, args: z.object({ id: Id }), result: DraftSchema },
  draftsDelete: { channel: channelNames.draftsDelete, args: z.object({ id: Id }), result: Nothing },
  draftsRestore: { channel: channelNames.draftsRestore, args: z.object({ id: Id }), result: Nothing },
  /** The fields the draft's document says where to place: its form's widgets and its text tags (issue 34). */
  draftsFindFields: { channel: channelNames.draftsFindFields, args: z.object({ id: Id }), result: FieldsFoundSchema },
} as const;

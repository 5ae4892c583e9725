import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { Draft, TagCover } from "../../common/draft";
import { defineMessages } from "../../common/i18n/define-messages";
import { phrase } from "../../common/i18n/phrase";
import { UserError } from "../../common/user-error";
import { coverBoxes } from "../../node-shared/pdf/cover-boxes";

const messages = defineMessages({
  notCovered: {
    id: "main.templates.tagsNotCovered",
    defaultMessage:
      "The text tags in the document could not be covered, so nothing was uploaded: the recipients would see them. Remove the fields placed from tags, or open the document again.",
  },
});

/** The tag boxes a draft's fields were placed from, once each (a field copied from another shares its cover). */
export function tagCovers(draft: Draft): TagCover[] {
  const seen = new Set<string>();
  const covers: TagCover[] = [];
  for (const field of draft.fields) {
    for (const cover of [field.cover ?? [], field.moreCovers ?? []].flat()) {
      const key = JSON.stringify(cover);
      if (seen.has(key)) continue;
      seen.add(key);
      covers.push(cover);
    }
  }
  return covers;
}

/**
 * The PDF to upload for `draft`: its own file when no field came from a text tag; otherwise a copy in `scratchDir`
 * whose tags are painted over by an incremental update (the original's bytes kept), removed by `dispose` once the
 * outbox has its own copy.
 */
export async function uploadablePdf(
  draft: Draft,
  pdfPath: string,
  scratchDir: string,
): Promise<{ file: string; dispose: () => Promise<void> }> {
  const covers = tagCovers(draft);
  if (covers.length === 0) return { file: pdfPath, dispose: async () => {} };
  const folder = await mkdtemp(path.join(scratchDir, "covered-"));
  const dispose = () => rm(folder, { recursive: true, force: true });
  const file = path.join(folder, "document.pdf");
  try {
    await coverBoxes(
      pdfPath,
      file,
      covers.map(({ page, ...rect }) => ({ page, rect })),
    );
  } catch (error) {
    await dispose();
    throw new UserError("tags_not_covered", phrase(messages.notCovered), { cause: error });
  }
  return { file, dispose };
}

/** What "Import from service" says when done: how many documents it added, and how many it had to leave out. */
export function importOutcomeText({ imported, skipped }: { imported: number; skipped: number }): string {
  const added =
    imported === 0
      ? "Nothing new: every document the service has is already listed."
      : `Added ${imported.toLocaleString()} ${imported === 1 ? "document" : "documents"} from the service.`;
  const left =
    skipped === 0
      ? ""
      : ` ${skipped.toLocaleString()} listed ${skipped === 1 ? "document was" : "documents were"} left out: the service listed ${skipped === 1 ? "it" : "them"} in a form Signdesk cannot read.`;
  return `${added}${left}`;
}

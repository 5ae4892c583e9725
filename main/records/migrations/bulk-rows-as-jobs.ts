/** The columns of a job that a version-6 bulk row fills, in the order `bulkRowsAsJobs` selects them. */
export const bulkRowJobColumns =
  "job_id, account_id, kind, batch_id, position, state, title, request, pdf_id, dedupe_key, message, attempts, " +
  "created_at, updated_at";

/** A version-6 file's bulk rows read as jobs, in the order they go out (also used to salvage such a file). */
export const bulkRowsAsJobs = `SELECT r.batch_id || '/' || r.position, b.account_id, 'bulkRow', r.batch_id, r.position,
    r.state, r.document_name,
    json_object('line', r.line, 'recipients', json(r.recipients), 'documentName', r.document_name,
      'emailSubject', r.email_subject),
    r.pdf_id, r.row_key, r.message, r.attempts, b.created_at, r.updated_at
  FROM bulk_rows r JOIN bulk_batches b ON b.batch_id = r.batch_id
  ORDER BY b.created_at, r.batch_id, r.position`;

import {
  type BulkColumnMapping,
  type BulkRow,
  type BulkRowProblem,
  checkBulkRows,
  rowsFromMapping,
} from "../../../common/bulk";

/** The file as main read it. */
export interface ReadFile {
  fileName: string;
  headers: string[];
  rows: { line: number; cells: string[] }[];
  encoding: string;
  delimiter: string;
}

export interface ReviewedRow {
  row: BulkRow;
  problems: BulkRowProblem[];
  leftOut: boolean;
  edited: boolean;
}

/**
 * The rows of the file under `mapping`, with the person's fixes applied and the rows they left out, each checked with
 * the Send screen's rules (checkBulkRows: the same check main makes again). Rows left out are not checked against
 * the others: a duplicate of a row left out is not a duplicate.
 */
export function reviewRows(
  file: ReadFile,
  mapping: BulkColumnMapping,
  labels: readonly string[],
  edits: ReadonlyMap<number, BulkRow>,
  leftOut: ReadonlySet<number>,
  sentKeys: ReadonlySet<string>,
): ReviewedRow[] {
  const rows = rowsFromMapping(file, mapping).map((row) => edits.get(row.line) ?? row);
  const kept = rows.filter((row) => !leftOut.has(row.line));
  const checked = new Map(
    checkBulkRows(kept, labels.length, sentKeys, labels).map((entry) => [entry.row.line, entry.problems]),
  );
  return rows.map((row) => ({
    row,
    problems: checked.get(row.line) ?? [],
    leftOut: leftOut.has(row.line),
    edited: edits.has(row.line),
  }));
}

export interface ReviewSummary {
  ready: number;
  needFixing: number;
  leftOut: number;
}

export function summarize(rows: readonly ReviewedRow[]): ReviewSummary {
  let ready = 0;
  let needFixing = 0;
  let leftOut = 0;
  for (const entry of rows) {
    if (entry.leftOut) leftOut += 1;
    else if (entry.problems.length > 0) needFixing += 1;
    else ready += 1;
  }
  return { ready, needFixing, leftOut };
}

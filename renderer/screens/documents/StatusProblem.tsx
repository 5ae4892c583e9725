import type { DocumentRecord } from "../../../common/records";
import { When } from "./When";

/** "Status can't be read since 5 minutes ago: <reason>", for a document whose answers keep failing. */
export function StatusProblem({ record, now }: { record: DocumentRecord; now: number }) {
  const problem = record.statusProblem;
  if (problem === undefined) return null;
  return (
    <span className="status-problem" data-testid="status-problem">
      Status can't be read since <When iso={problem.since} now={now} />: {problem.reason}
    </span>
  );
}

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { inspect } from "node:util";
import { afterAll, beforeAll } from "vitest";
import type { WireField } from "../../common/wire";
import { manualClock } from "./manual-clock";
import { makePdf } from "./pdf-fixtures";

/** What the service client's tests share: a field, a recipient, a clock that never times out, a small PDF. */

export const signature = (id: string, recipient: number, y = 600): WireField => ({
  id,
  x: 72,
  y,
  page: 1,
  type: "Signature",
  recipient,
});
export const ada = { name: "Ada Buyer", email: "ada@example.com" };

/** The uploads here take as long as a busy machine needs: no client time-out passes by itself. */
export const noTimeOut = manualClock();

/** Everything reachable from an error, as text: the key must appear nowhere in it. */
export const dump = (error: unknown) => inspect(error, { depth: 10, showHidden: true }) + JSON.stringify(error);

/** A folder with a small contract PDF in it, made before the file's tests and removed after them. */
export function contractPdfPerFile(): { readonly dir: string; readonly pdfFile: string } {
  const made = { dir: "", pdfFile: "" };
  beforeAll(async () => {
    made.dir = await mkdtemp(path.join(tmpdir(), "signdesk-client-"));
    made.pdfFile = path.join(made.dir, "contract.pdf");
    await writeFile(made.pdfFile, await makePdf());
  });
  afterAll(async () => rm(made.dir, { recursive: true, force: true }));
  return made;
}

// Runs one download in a process of its own (started with another uid to meet a real permission denial).
import { downloadFinalPdf } from "../../main/downloads/download-final-pdf.ts";

const [finalUrl = "", directory = ""] = process.argv.slice(2);
try {
  await downloadFinalPdf({ finalUrl, refreshUrl: async () => null, directory, documentName: "Lease" });
  process.send?.({ ok: true });
} catch (error) {
  process.send?.({ ok: false, code: (error as { code?: string }).code, message: (error as Error).message });
}

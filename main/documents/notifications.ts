import type { DocumentChange } from "../../common/records";
import type { DesktopNotification } from "../core-parts";

/** The desktop notification for a status change: signed by someone, finished, or declined. */
export function describeChange(change: DocumentChange): DesktopNotification {
  if (change.to === "declined")
    return { title: "Declined", body: `"${change.name}" was declined.`, pdfId: change.pdfId };
  if (change.finalPdfReady) {
    return {
      title: "Signed by everyone",
      body: `"${change.name}" is complete: the signed PDF is ready to download.`,
      pdfId: change.pdfId,
    };
  }
  if (change.to === "partially_signed" || change.to === "signed") {
    const who = change.to === "signed" ? "Everyone has signed" : "Someone signed";
    return { title: "New signature", body: `${who} "${change.name}".`, pdfId: change.pdfId };
  }
  return { title: "Status changed", body: `"${change.name}" is now ${change.to}.`, pdfId: change.pdfId };
}

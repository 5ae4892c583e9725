import type { DocumentRecord } from "../../common/records";
import type { TestCore } from "./core-harness";
import { makePdf } from "./pdf-fixtures";
import type { VariantServer } from "./variant-server";

/** The steps the app's tests against the variant server share, on the app and server the getter gives. */
export function variantAppSteps(context: () => { app: TestCore; server: VariantServer }) {
  const app = () => context().app;
  const recordOf = async (pdfId: string): Promise<DocumentRecord | undefined> =>
    (await app().call("documentsList")).documents.find((record) => record.pdfId === pdfId);
  /** The last two endpoints called, status reads left out (the tracker makes them when it likes). */
  const lastTwoCalls = () =>
    context()
      .server.requests.map((request) => request.endpoint)
      .filter((endpoint) => endpoint !== "getDocumentDetails")
      .slice(-2);
  /** Imports what the service lists, then waits for the statuses to be read once. */
  const importAll = async () => {
    const { imported } = await app().call("documentsImport");
    await app().call("documentsRefresh", {});
    return imported;
  };
  /** A template made by the app from a one-field draft of `fileName` (through the variant server). */
  const makeTemplate = async (fileName = "Offer.pdf", send?: { recipients: { name: string; email: string }[] }) => {
    const draft = await app().call("draftsCreateFromFile", { fileName, bytes: await makePdf() });
    await app().call("draftsSave", {
      draft: {
        ...draft,
        fields: [{ id: "n", type: "Text", groupId: draft.groups[0]?.id ?? "", page: 1, x: 72, y: 72 }],
      },
    });
    const created = await app().call("templatesCreate", {
      draftId: draft.id,
      transferId: "upload",
      ...(send === undefined ? {} : { send }),
    });
    return { draft, ...created };
  };
  return { recordOf, lastTwoCalls, importAll, makeTemplate };
}

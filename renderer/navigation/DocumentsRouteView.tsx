import type { BulkBatch } from "../../common/bulk-batches";
import type { SigndeskApi } from "../../common/contract";
import { BulkSendScreen } from "../screens/bulk/BulkSendScreen";
import { DocumentsScreen } from "../screens/documents/DocumentsScreen";
import { SendScreen } from "../screens/send/SendScreen";
import { batchFilterOf, type DocumentsRoute, documentDetail, documentsList, type Route } from "./route";

interface DocumentsRouteViewProps {
  bridge: SigndeskApi;
  route: DocumentsRoute;
  accountName: string | null;
  onRoute: (route: Route) => void;
  onOpenBatch: (batch: BulkBatch) => void;
}

/** The Documents screen's views: the list, a document's details, Send, and Send to many. */
export function DocumentsRouteView({ bridge, route, accountName, onRoute, onOpenBatch }: DocumentsRouteViewProps) {
  switch (route.view) {
    case "send":
      return (
        <SendScreen
          bridge={bridge}
          initialTemplateId={route.templateId}
          onSent={(pdfId) => onRoute(documentDetail(pdfId))}
          onCancel={() => onRoute(documentsList())}
        />
      );
    case "bulk":
      return (
        <BulkSendScreen
          key={route.batch?.batchId ?? `new-${route.templateId ?? ""}`}
          bridge={bridge}
          templateId={route.templateId}
          batch={route.batch}
          onShowDocuments={(batch) => onRoute(documentsList(batchFilterOf(batch)))}
          onOpenDocument={(pdfId) => onRoute(documentDetail(pdfId))}
          onClose={() => onRoute(documentsList())}
        />
      );
    case "list":
    case "detail":
      return (
        <DocumentsScreen
          bridge={bridge}
          accountName={accountName}
          selected={route.view === "detail" ? route.pdfId : null}
          onSelect={(pdfId) =>
            onRoute(pdfId === null ? documentsList(route.batch) : documentDetail(pdfId, route.batch))
          }
          onSend={() => onRoute({ screen: "documents", view: "send", templateId: null })}
          batchFilter={route.batch}
          onClearBatchFilter={() => onRoute(documentsList())}
          onFilterBatch={(batch) => onRoute(documentsList(batch))}
          onOpenBatch={onOpenBatch}
        />
      );
  }
}

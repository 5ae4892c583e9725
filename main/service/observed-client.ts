import type { NewTemplateInput, ServiceClient, UploadOptions } from "./client";

/** Runs a call and reports its outcome (see Connection.observe). */
export type Observe = <T>(call: () => Promise<T>) => Promise<T>;

/** The same client, each call's outcome reported through `observe`. */
export function observedClient(client: ServiceClient, observe: Observe): ServiceClient {
  const createNewTemplate = (input: NewTemplateInput, options?: UploadOptions) =>
    observe(() => client.createNewTemplate(input, options));
  return {
    createNewTemplate: createNewTemplate as ServiceClient["createNewTemplate"],
    createFromTemplate: (input, options) => observe(() => client.createFromTemplate(input, options)),
    getDocumentDetails: (pdfId, options) => observe(() => client.getDocumentDetails(pdfId, options)),
    getAllDocuments: (options) => observe(() => client.getAllDocuments(options)),
    getAllDocumentsInBatches: (onBatch, options) => observe(() => client.getAllDocumentsInBatches(onBatch, options)),
    registerWebhook: (input, options) => observe(() => client.registerWebhook(input, options)),
    deleteWebhook: (url, options) => observe(() => client.deleteWebhook(url, options)),
  };
}

import type { Migration } from "./migration";

/**
 * The name the service gives each document (`service_name`; NULL: not known yet), kept beside `name`, which is
 * Signdesk's own: the service names every document after its template, while a send is named for its recipient. An
 * imported document's name is the service's already.
 */
export const documentServiceNames: Migration = {
  version: 5,
  name: "the name the service gives each document, beside Signdesk's own",
  sql: `
      ALTER TABLE documents ADD COLUMN service_name TEXT;
      UPDATE documents SET service_name = name WHERE imported = 1;
    `,
};

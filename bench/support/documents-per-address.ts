import type { ServiceClient } from "../../main/service/client.ts";

/**
 * Counted on the service's listing, for `count` sends addressed `<prefix>.<index>@example.com`: the documents beyond
 * one per address (`duplicates`) and the addresses with none (`lost`).
 */
export async function documentsPerAddress(
  client: ServiceClient,
  prefix: string,
  count: number,
): Promise<{ duplicates: number; lost: number }> {
  const perAddress = new Map<string, number>();
  await client.getAllDocumentsInBatches((documents) => {
    for (const document of documents)
      for (const recipient of document.recipients)
        if (recipient.email.startsWith(`${prefix}.`))
          perAddress.set(recipient.email, (perAddress.get(recipient.email) ?? 0) + 1);
  });
  let duplicates = 0;
  let lost = 0;
  for (let index = 0; index < count; index += 1) {
    const documents = perAddress.get(`${prefix}.${index}@example.com`) ?? 0;
    if (documents > 1) duplicates += documents - 1;
    if (documents === 0) lost += 1;
  }
  return { duplicates, lost };
}

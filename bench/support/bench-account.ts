import { writeFile } from "node:fs/promises";
import path from "node:path";
import { channelNames } from "../../common/channels.ts";
import type { ArgsInputOf, MethodName, ResultOf } from "../../common/contract.ts";
import type { Core } from "../../main/core-types.ts";
import { createHandlers } from "../../main/handlers.ts";
import { createServiceClient, type ServiceClient } from "../../main/service/client.ts";
import { makePdf } from "../../test/support/pdf-fixtures.ts";

export type Invoke = <M extends MethodName>(
  method: M,
  args: ArgsInputOf<M>,
) => Promise<{ ok: true; value: ResultOf<M> } | { ok: false; error: { code: string; message: string } }>;

/**
 * The outbox benchmarks' start: the real IPC handlers over `core`, an active account `name` reaching the service
 * through `baseUrl` (a gate), and a one-signer template made on the service directly (at `serviceUrl`) and added to
 * the account by its ID. `direct` is a client of the service itself, past the gate.
 */
export async function benchAccount(options: {
  core: Core;
  name: string;
  baseUrl: string;
  serviceUrl: string;
  key: string;
  work: string;
}): Promise<{ invoke: Invoke; templateId: string; accountId: string; direct: ServiceClient }> {
  const { core, key } = options;
  const handlers = createHandlers({
    app: { name: "Signdesk", version: "bench", platform: process.platform, arch: process.arch, electronVersion: null },
    core,
  });
  const invoke = (async (method: MethodName, args: unknown) => handlers.invoke(channelNames[method], args)) as Invoke;
  const pdf = path.join(options.work, "Offer.pdf");
  await writeFile(pdf, await makePdf());
  const direct = createServiceClient({ baseUrl: options.serviceUrl, apiKey: async () => key });
  const { template_id: templateId } = await direct.createNewTemplate({
    file: pdf,
    fileName: "Offer.pdf",
    templateName: "Offer",
    fields: [[{ id: "s", x: 72, y: 600, page: 1, type: "Signature", recipient: 1 }]],
    autoReleaseSignatures: true,
  });
  const account = await core.accounts.add({ name: options.name, baseUrl: options.baseUrl, apiKey: key });
  core.accounts.setActive(account.id);
  const added = await invoke("templatesAddById", { templateId, name: "Offer", groups: [{ label: "Signer" }] });
  if (!added.ok) throw new Error(added.error.message);
  return { invoke, templateId, accountId: account.id, direct };
}

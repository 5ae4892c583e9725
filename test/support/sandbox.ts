import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSandbox, type Sandbox, type SandboxOptions } from "../../sandbox/index";

export interface RunningSandbox {
  sandbox: Sandbox;
  url: string;
  key: string;
  dataDir: string;
  /**
   * Stops and starts the sandbox again on the same data folder (and port), as after a crash or restart;
   * `whileStopped` runs in between (to change its saved state).
   */
  restart(options?: Partial<SandboxOptions>, whileStopped?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** A real sandbox on loopback with its own data folder and one user's key. */
export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<RunningSandbox> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "signdesk-sandbox-")));
  const sandbox = await createSandbox({ ...options, dataDir });
  const key = await sandbox.issueKey();
  const running: RunningSandbox = {
    sandbox,
    url: sandbox.url,
    key,
    dataDir,
    async restart(more = {}, whileStopped) {
      await running.sandbox.close();
      await whileStopped?.();
      const port = Number(new URL(running.url).port);
      running.sandbox = await createSandbox({ ...options, ...more, dataDir, port });
    },
    async close() {
      await running.sandbox.close();
      if (options.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
    },
  };
  return running;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** One call to the service with the user's key (or none, or another), JSON in and out. */
export async function callApi(
  base: string,
  method: "GET" | "POST",
  route: string,
  options: {
    key?: string | null;
    json?: unknown;
    form?: FormData;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined && options.key !== null) headers["x-api-key"] = options.key;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.rawBody !== undefined) {
    headers["content-type"] ??= "application/json";
    body = options.rawBody;
  } else if (options.form !== undefined) {
    body = options.form;
  }
  const response = await fetch(`${base}${route}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** The multipart form of createNewTemplate. */
export function templateForm(parts: {
  file?: Blob | Uint8Array | null;
  fileName?: string;
  fileField?: string;
  templateName?: string;
  fields?: unknown;
  recipients?: unknown;
  autoReleaseSignatures?: boolean | string;
  emailSubject?: string;
}): FormData {
  const form = new FormData();
  if (parts.templateName !== undefined) form.set("templateName", parts.templateName);
  if (parts.fields !== undefined)
    form.set("fields", typeof parts.fields === "string" ? parts.fields : JSON.stringify(parts.fields));
  if (parts.recipients !== undefined) {
    form.set("recipients", typeof parts.recipients === "string" ? parts.recipients : JSON.stringify(parts.recipients));
  }
  if (parts.autoReleaseSignatures !== undefined) form.set("autoReleaseSignatures", String(parts.autoReleaseSignatures));
  if (parts.emailSubject !== undefined) form.set("emailSubject", parts.emailSubject);
  if (parts.file !== undefined && parts.file !== null) {
    const blob =
      parts.file instanceof Blob
        ? parts.file
        : new Blob([parts.file as Uint8Array<ArrayBuffer>], { type: "application/pdf" });
    form.set(parts.fileField ?? "document", blob, parts.fileName ?? "contract.pdf");
  }
  return form;
}

/** A one-signer template named "Offer" (a signature on page 1 of `file`), made on the service directly: its ID. */
export async function makeOfferTemplate(url: string, key: string, file: Uint8Array): Promise<string> {
  const made = await callApi(url, "POST", "/createNewTemplate", {
    key,
    form: templateForm({
      file,
      templateName: "Offer",
      fields: [[{ id: "s", type: "Signature", page: 1, x: 72, y: 72, recipient: 1 }]],
    }),
  });
  if (made.status !== 200) throw new Error(`createNewTemplate answered ${made.status}: ${JSON.stringify(made.body)}`);
  return (made.body as { template_id: string }).template_id;
}

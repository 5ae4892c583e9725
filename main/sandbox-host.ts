import path from "node:path";
import type { SofficeLocator } from "../node-shared/pdf/find-soffice";
import { createSandbox, type Sandbox } from "../sandbox/index";

/**
 * Starts the embedded sandbox on loopback with its data in the user-data folder, on the port it had
 * last time when that port is free (its signing links embed the address), else on any free port. It converts Word
 * documents with the LibreOffice the app uses (`locateSoffice`).
 */
export async function startEmbeddedSandbox(
  userDataDir: string,
  preferredPort: number | null,
  locateSoffice?: SofficeLocator,
): Promise<Sandbox> {
  const dataDir = path.join(userDataDir, "sandbox");
  if (preferredPort !== null) {
    try {
      return await createSandbox({ dataDir, host: "127.0.0.1", port: preferredPort, locateSoffice });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    }
  }
  return createSandbox({ dataDir, host: "127.0.0.1", port: 0, locateSoffice });
}

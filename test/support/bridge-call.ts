import type { Page } from "playwright-core";
import type { IpcResult } from "../../common/result";

/** Calls window.signdesk in the page (the bridge the screens use) and answers the value, or throws its error. */
export async function bridgeCall<T>(page: Page, method: string, args?: unknown): Promise<T> {
  const result = (await page.evaluate(
    async ([name, input]) => {
      const api = (window as unknown as { signdesk: Record<string, (args?: unknown) => Promise<unknown>> }).signdesk;
      return api[name]?.(input ?? undefined);
    },
    [method, args ?? null] as const,
  )) as IpcResult<T>;
  if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
  return result.value;
}

import type { HandlerImplementations } from "../dispatch";
import type { UpdateService } from "../updates/update-service";

/**
 * "Check for updates", "Restart now" and where the update stands. Where no update service runs (the Chromium harness,
 * a core that could not start), this copy says it does not update itself.
 */
export function updateHandlers(
  updates: UpdateService | null,
  version: string,
): Pick<HandlerImplementations, "updatesState" | "updatesCheck" | "updatesRestart"> {
  const none = () => ({ current: version, status: { kind: "unavailable" as const, reason: "development" as const } });
  return {
    updatesState: () => updates?.state() ?? none(),
    updatesCheck: () => updates?.check() ?? none(),
    updatesRestart: () => updates?.restart() ?? none(),
  };
}

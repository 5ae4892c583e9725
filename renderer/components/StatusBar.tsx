import type { AppInfoState } from "../hooks/useAppInfo";

export function StatusBar({ state }: { state: AppInfoState }) {
  return (
    <footer className="status-bar">
      {state.status === "loading" && <span>Connecting to Signdesk…</span>}
      {state.status === "failed" && <span role="alert">Could not read app information: {state.message}</span>}
      {state.status === "ready" && (
        <>
          <span data-testid="app-version">
            {state.info.name} {state.info.version}
          </span>
          <span data-testid="app-platform">
            {state.info.platform} {state.info.arch}
          </span>
          <span data-testid="active-account">
            {state.info.activeAccount === null
              ? "No account yet"
              : `${state.info.activeAccount.name} · ${state.info.activeAccount.baseUrl}`}
          </span>
        </>
      )}
    </footer>
  );
}

import type { AppInfoState } from "../hooks/useAppInfo";

export function StatusBar({ state }: { state: AppInfoState }) {
  return (
    <footer className="status-bar">
      {state.status === "loading" && <span>Connecting to Signdesk…</span>}
      {state.status === "failed" && <span role="alert">Could not read app information: {state.message}</span>}
      {state.status === "ready" && (
        <>
          <span data-testid="app-version">
            {state.value.name} {state.value.version}
          </span>
          <span data-testid="app-platform">
            {state.value.platform} {state.value.arch}
          </span>
          <span data-testid="active-account">
            {state.value.activeAccount === null
              ? "No account yet"
              : `${state.value.activeAccount.name} · ${state.value.activeAccount.baseUrl}`}
          </span>
        </>
      )}
    </footer>
  );
}

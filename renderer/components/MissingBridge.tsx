export function MissingBridge() {
  return (
    <main className="missing-bridge">
      <h1>Signdesk cannot start here</h1>
      <p>This page only works inside the Signdesk app, which connects it to your accounts and files.</p>
    </main>
  );
}

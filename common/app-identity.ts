/**
 * The app's id: electron-builder.yml's `appId` (the Windows installer gives its Start menu shortcut this
 * AppUserModelID, and main sets the same on Windows, without which Windows shows no notification at all).
 * test/unit/app-identity.test.ts keeps the two equal.
 */
export const appId = "app.signdesk.desktop";

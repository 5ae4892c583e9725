import type { AppIdentity } from "../../main/handlers";

/** The app's identity as the tests' handlers tell it (appInfo). */
export const testIdentity: AppIdentity = {
  name: "Signdesk",
  version: "0.0.0-test",
  platform: process.platform,
  arch: process.arch,
  electronVersion: null,
};

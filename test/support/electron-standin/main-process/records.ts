/** What the app asked of the desktop through the stand-in, for the stand-in's tests to read (control.ts). */
export const records = {
  openExternal: [] as string[],
  showItemInFolder: [] as string[],
  openPath: [] as string[],
  aboutPanelShown: 0,
  /** Each permission the session's handlers were asked about, with their answers. */
  permissionRequests: [] as { permission: string; origin: string; granted: boolean | null }[],
  permissionChecks: [] as { permission: string; origin: string; granted: boolean }[],
  /** window.open calls and the window open handler's answers. */
  windowOpens: [] as { url: string; action: string }[],
  /** Navigations the page started, and whether the app let them happen. */
  navigations: [] as { event: "will-navigate" | "will-redirect"; url: string; prevented: boolean }[],
  downloads: [] as { url: string; cancelled: boolean }[],
  errorBoxes: [] as { title: string; content: string }[],
  messageBoxes: [] as { message: string; detail: string; buttons: string[] }[],
  /** Schemes the app registered itself as the handler of (app.setAsDefaultProtocolClient). */
  protocolClients: [] as string[],
};

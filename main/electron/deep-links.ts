import type { App, BrowserWindow } from "electron";
import type { Navigation } from "../../common/contract";
import { type DeepLink, deepLinkIn, deepLinkScheme, parseDeepLink } from "../../common/deep-links";
import { sendEvent } from "./events";

/**
 * Where signdesk:// links go: a link arrives before the window listens (the one that started the app, on macOS an
 * "open-url" before ready), or while it does (from a second instance, through the single-instance lock). One that
 * comes before waits until the window asks for it (app:takeNavigation); after, it is told at once (app:navigate).
 */
export class LinkNavigation {
  private waiting: Navigation | null = null;
  /** The window's page asked once since it (re)loaded: it listens to app:navigate. */
  private listening = false;

  constructor(
    private readonly getWindow: () => BrowserWindow | null,
    private readonly showWindow: () => void,
  ) {}

  open(link: DeepLink): void {
    const navigation: Navigation = { screen: "documents", pdfId: link.pdfId };
    this.showWindow();
    const window = this.getWindow();
    if (this.listening && window !== null) sendEvent(window, "app:navigate", navigation);
    else this.waiting = navigation;
  }

  /** The window's page asks what waits (once it listens). */
  take(): Navigation | null {
    this.listening = true;
    const waiting = this.waiting;
    this.waiting = null;
    return waiting;
  }

  /** The window's page is loading again (or the window was closed): it listens only once it asks again. */
  pageGone(): void {
    this.listening = false;
  }
}

/**
 * Receives the links: the first start's command line, a second instance's (Chromium may reorder and add to it), and
 * macOS's "open-url" (registered before ready, as it may come that early). A packaged app registers the scheme with
 * the system at start as well (the installers do too; an AppImage has no installer).
 */
export function receiveDeepLinks(app: App, links: LinkNavigation, argv: readonly string[]): void {
  app.on("open-url", (event, url) => {
    event.preventDefault();
    const link = parseDeepLink(url);
    if (link !== null) links.open(link);
  });
  app.on("second-instance", (_event, secondArgv) => {
    const link = deepLinkIn(secondArgv);
    if (link !== null) links.open(link);
  });
  const first = deepLinkIn(argv.slice(1));
  if (first !== null) links.open(first);
  if (app.isPackaged && !app.isDefaultProtocolClient(deepLinkScheme)) app.setAsDefaultProtocolClient(deepLinkScheme);
}

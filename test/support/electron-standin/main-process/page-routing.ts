import type { Page, Request as PageRequest, Route } from "playwright-core";
import type { BrowserWindow } from "./browser-window.ts";
import { answerWithHandler, isStandinOrigin, toAppUrl } from "./protocol.ts";
import { windowOfPage } from "./window-registry.ts";

function pageOf(request: PageRequest): Page | null {
  try {
    return request.frame().page();
  } catch {
    // A service worker's request has no frame.
    return null;
  }
}

function isMainFrameNavigation(request: PageRequest, page: Page): boolean {
  return request.isNavigationRequest() && request.frame() === page.mainFrame();
}

/** Every request of the stand-in's browser: navigation checks first, then the app's protocol handlers, then the network. */
export async function routeRequest(route: Route): Promise<void> {
  const request = route.request();
  const page = pageOf(request);
  const window = page === null ? undefined : (windowOfPage(page) as BrowserWindow | undefined);
  // A navigation whose frame does not exist yet is a popup's first request (Playwright cannot name its frame):
  // Electron makes no popup its handler denies, so it never reaches the network either.
  const framelessNavigation = page === null && request.isNavigationRequest();
  if (framelessNavigation || (page !== null && window === undefined)) {
    // A page of no window's (Chromium opens no popup here: --block-new-web-contents): nothing of it reaches the network.
    await route.abort("blockedbyclient");
    return;
  }
  const mainFrameNavigation = page !== null && window !== undefined && isMainFrameNavigation(request, page);
  if (mainFrameNavigation && !window.webContents.navigationAllowed(route)) {
    await route.abort("aborted");
    return;
  }
  if (isStandinOrigin(request.url())) {
    await fulfillFromHandler(route);
    return;
  }
  if (mainFrameNavigation && window !== undefined) {
    await fetchForNavigation(route, window);
    return;
  }
  await route.continue();
}

/**
 * A main-frame navigation to the network is fetched here without following redirects, so that a redirect is offered
 * to will-redirect before Chromium follows it (Chromium's own requests for the redirect's target come back here).
 */
async function fetchForNavigation(route: Route, window: BrowserWindow): Promise<void> {
  let response: Awaited<ReturnType<Route["fetch"]>>;
  try {
    response = await route.fetch({ maxRedirects: 0 });
  } catch {
    await route.abort("failed");
    return;
  }
  const location = response.headers().location;
  if (response.status() >= 300 && response.status() < 400 && location !== undefined) {
    const target = new URL(location, route.request().url()).href;
    if (!window.webContents.redirectAllowed(target)) {
      await route.abort("aborted");
      return;
    }
  }
  await route.fulfill({ response });
}

async function fulfillFromHandler(route: Route): Promise<void> {
  const request = route.request();
  const method = request.method();
  const posted = method === "GET" || method === "HEAD" ? null : request.postDataBuffer();
  const body = posted === null ? null : new Uint8Array(posted);
  let response: Response;
  try {
    response = await answerWithHandler(
      new Request(toAppUrl(request.url()), { method, headers: request.headers(), body }),
    );
  } catch (error) {
    // A handler that throws fails the request, as net::ERR_FAILED does in Electron.
    console.error("[electron stand-in] protocol handler failed:", error);
    await route.abort("failed");
    return;
  }
  await route.fulfill({
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: Buffer.from(await response.arrayBuffer()),
  });
}

/**
 * A page opened by window.open, which the opener's window open handler has been asked about already
 * (webContents, Page.windowOpen). The stand-in opens no window of its own for it either way.
 */
export async function handlePopup(page: Page): Promise<void> {
  await page.close().catch(() => {});
}

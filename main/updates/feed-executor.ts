import http from "node:http";
import https from "node:https";
import { Socket } from "node:net";
import {
  type CancellationToken,
  configureRequestOptions,
  configureRequestUrl,
  type DownloadOptions,
  HttpExecutor,
} from "builder-util-runtime";
import type { ProxySettings } from "../service/proxy-agents";
import { type RequestRoute, requestRoutes } from "../service/request-routes";
import { trustedContext } from "../service/trusted-certificates";

/**
 * electron-updater's requests (the feed, the update's file, a differential download's ranges), made the way every
 * other request of main is: through the proxy the system's settings give for the feed (signed in with what the
 * keychain keeps for it) and trusting the OS's certificate store as well as Node's. electron-updater's own executor
 * uses Electron's `net` instead; this one is plain Node, so the same code runs in the app and in its tests.
 *
 * electron-updater makes each request synchronously (`createRequest`), and which proxy to use is an asynchronous
 * question (Electron's session.resolveProxy): it is answered for an origin in the asynchronous calls every check and
 * download starts with (`request` for the feed, `download`), each time (the system's settings may have changed), and
 * the requests that follow (a differential download's ranges, from the feed's origin) go that way. A request to an
 * origin never asked about (a redirect to another host) goes direct, and only over HTTPS.
 */
export class FeedExecutor extends HttpExecutor<http.ClientRequest> {
  private readonly routes = new Map<string, RequestRoute>();
  private readonly routeFor: (url: URL, method: "GET" | "POST") => Promise<RequestRoute>;
  private readonly direct = new Map<string, http.Agent>();
  private readonly onProxySignInNeeded: (address: string) => void;

  constructor(options: { proxy: ProxySettings | undefined; onProxySignInNeeded?: (address: string) => void }) {
    super();
    this.onProxySignInNeeded = options.onProxySignInNeeded ?? (() => {});
    this.routeFor = requestRoutes({
      origin: "the update server",
      proxy: options.proxy,
      onProxySignInNeeded: options.onProxySignInNeeded,
      direct: (url) => this.directAgent(url.protocol),
    }).routeFor;
  }

  override async request(
    options: http.RequestOptions,
    cancellationToken?: CancellationToken,
    data?: Record<string, unknown> | null,
  ): Promise<string | null> {
    await this.prepare(originOf(options));
    return super.request(options, cancellationToken, data);
  }

  override async downloadToBuffer(url: URL, options: DownloadOptions): Promise<Buffer> {
    await this.prepare(url.origin);
    return super.downloadToBuffer(url, options);
  }

  createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void): http.ClientRequest {
    const protocol = options.protocol ?? "https:";
    const origin = originOf(options);
    const route = this.routes.get(origin);
    if (route === undefined) {
      // A redirect to another host: an update is never fetched from one without TLS (the feed's sha512 would come
      // from the same place as the file).
      if (protocol !== "https:") return refusedRequest(options, origin);
      return https.request({ ...options, agent: this.directAgent(protocol) }, callback);
    }
    const proxy = route.proxy;
    if (proxy !== null) {
      // A proxy that asks for a user name and password: the window asks the person (proxy-sign-ins.ts).
      const answered = callback;
      callback = (response) => {
        if (response.statusCode === 407) this.onProxySignInNeeded(proxy);
        answered(response);
      };
    }
    if (route.forward !== null) {
      // An http address through a proxy: the request goes to the proxy, naming the whole address.
      const forward = route.forward;
      return (forward.secure ? https : http).request(
        {
          ...options,
          protocol: forward.secure ? "https:" : "http:",
          hostname: forward.host,
          host: undefined,
          port: forward.port,
          path: `${origin}${options.path ?? "/"}`,
          headers: { ...options.headers, ...forward.headers },
          agent: route.agent,
        },
        callback,
      );
    }
    return (protocol === "http:" ? http : https).request({ ...options, agent: route.agent }, callback);
  }

  /** Streams `url` into `destination`, checking the sha512 given in `options` (electron-updater's download). */
  async download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    await this.prepare(url.origin);
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: http.RequestOptions = { headers: options.headers ?? undefined };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error === null || error === undefined ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }

  private async prepare(origin: string): Promise<void> {
    this.routes.set(origin, await this.routeFor(new URL(origin), "GET"));
  }

  private directAgent(protocol: string): http.Agent {
    let agent = this.direct.get(protocol);
    if (agent === undefined) {
      agent =
        protocol === "https:"
          ? new https.Agent({ keepAlive: true, maxSockets: 6, secureContext: trustedContext() })
          : new http.Agent({ keepAlive: true, maxSockets: 6 });
      this.direct.set(protocol, agent);
    }
    return agent;
  }
}

function originOf(options: http.RequestOptions): string {
  const port = options.port === undefined || options.port === null ? "" : `:${options.port}`;
  return new URL(`${options.protocol ?? "https:"}//${options.hostname ?? options.host ?? ""}${port}`).origin;
}

/**
 * A request that fails with ERR_UPDATE_NOT_HTTPS before it connects (electron-updater makes it from inside a
 * response's handler, where a throw would be an uncaught error in main): its error handlers, added once it is
 * returned, hear why.
 */
function refusedRequest(options: http.RequestOptions, origin: string): http.ClientRequest {
  const error = Object.assign(new Error(`An update request was sent on to ${origin}, which is not HTTPS.`), {
    code: "ERR_UPDATE_NOT_HTTPS",
  });
  // Never connected: its socket is a bare one, and the request is ended with the error once its caller listens.
  const request = http.request({ ...options, agent: false, createConnection: () => new Socket() });
  setImmediate(() => request.destroy(error));
  return request;
}

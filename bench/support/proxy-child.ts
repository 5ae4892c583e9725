import { startConnectProxy } from "../../test/support/connect-proxy.ts";

/** Runs the test's HTTP proxy; answers "forwarded" with the URLs it forwarded (child-proxy.ts). */
const proxy = await startConnectProxy();
process.on("message", (message) => {
  if (message === "forwarded") process.send?.(proxy.forwarded);
});
process.send?.(proxy.address);

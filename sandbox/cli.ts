import { parseArgs } from "node:util";
import { createSandbox } from "./index";

/** `npm run sandbox -- --port P --data DIR --api-key KEY [--api-key KEY2 ...] [--rate-limit N]` */
const usage = "Usage: npm run sandbox -- [--port P] [--host H] [--data DIR] [--api-key KEY ...] [--rate-limit N]";

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: "string", default: "0" },
        host: { type: "string", default: "127.0.0.1" },
        data: { type: "string", default: ".sandbox-data" },
        "api-key": { type: "string", multiple: true },
        "rate-limit": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();

if (values.help === true) {
  console.log(usage);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, not ${values.port}`);
const rateLimit = values["rate-limit"] === undefined ? null : Number(values["rate-limit"]);
if (rateLimit !== null && (!Number.isInteger(rateLimit) || rateLimit < 1))
  fail("--rate-limit must be a whole number of requests per minute");

const sandbox = await createSandbox({ dataDir: values.data, host: values.host, port, rateLimitPerMinute: rateLimit });
const given = values["api-key"] ?? [];
for (const key of given) await sandbox.issueKey({ key });
console.log(`Signdesk sandbox listening on ${sandbox.url}`);
console.log(`Data folder: ${values.data}`);
if (given.length === 0) console.log(`API key (new user): ${await sandbox.issueKey()}`);
else console.log(`Users for ${given.length} API key(s) ready.`);
console.log(`Recipients' inbox: ${sandbox.url}/_sandbox/inbox`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}

import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finishedDocument } from "../support/finished-document";
import { noisePng } from "../support/png";
import { callApi, type RunningSandbox, startSandbox } from "../support/sandbox";
import { noteField, sendForSigning } from "../support/send-for-signing";

/** Issue 12: the sandbox's HTTP API against a hostile or broken client. */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RawOutcome {
  /** Everything the server sent, as text. */
  text: string;
  /** Whether the server closed the connection within the wait. */
  closed: boolean;
  /** When the connection closed (or the wait ended), from the start. */
  ms: number;
}

/**
 * A raw TCP client: runs `script` on a connection to the sandbox (or writes it, when it is text) and reports what
 * came back until the server closed the connection or `waitMs` passed (then the client closes it).
 */
async function rawExchange(base: string, script: string | ((socket: Socket) => Promise<void>), waitMs: number) {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => {});
  const started = Date.now();
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise<RawOutcome>((resolve) =>
    socket.on("close", () => resolve({ text: Buffer.concat(chunks).toString("latin1"), closed: true, ms: 0 })),
  );
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  if (typeof script === "string") socket.write(script);
  else void script(socket).catch(() => {});
  const outcome = await Promise.race([closed, pause(waitMs).then(() => null)]);
  const ms = Date.now() - started;
  if (outcome !== null) return { ...outcome, ms };
  socket.destroy();
  return { text: Buffer.concat(chunks).toString("latin1"), closed: false, ms };
}

/** Writes `text` one character every `everyMs`, while the connection lasts. */
async function trickle(socket: Socket, text: string, everyMs: number): Promise<void> {
  for (const character of text) {
    if (socket.destroyed) return;
    socket.write(character);
    await pause(everyMs);
  }
}

/** Writes, and waits until the bytes left (backpressure). */
function writeFully(socket: Socket, data: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) reject(new Error("closed"));
    else if (socket.write(data)) resolve();
    else {
      socket.once("drain", () => resolve());
      socket.once("close", () => reject(new Error("closed")));
    }
  });
}

/** One sandbox with the default settings, for every group below that needs nothing else. */
let running: RunningSandbox;
beforeAll(async () => {
  running = await startSandbox();
});
afterAll(async () => running?.close());

describe("GET /sign/<hash>/document.pdf streams the file, with ranges", () => {
  let url: string;
  let pdf: Buffer;

  beforeAll(async () => {
    const sent = await sendForSigning(running, noteField);
    url = `${sent.link}/document.pdf`;
    pdf = Buffer.from(sent.pdf);
  });

  async function get(range?: string) {
    const response = await fetch(url, { headers: range === undefined ? {} : { range } });
    return { response, body: Buffer.from(await response.arrayBuffer()) };
  }

  it("answers the whole file without a Range, and says it takes ranges", async () => {
    const { response, body } = await get();
    expect(response.status).toBe(200);
    expect(body.equals(pdf)).toBe(true);
    expect(response.headers.get("content-length")).toBe(String(pdf.length));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-type")).toBe("application/pdf");
  });

  it("answers exactly the bytes a range asks for (206 with Content-Range)", async () => {
    const middle = await get("bytes=10-109");
    expect(middle.response.status).toBe(206);
    expect(middle.response.headers.get("content-range")).toBe(`bytes 10-109/${pdf.length}`);
    expect(middle.response.headers.get("content-length")).toBe("100");
    expect(middle.body.equals(pdf.subarray(10, 110))).toBe(true);

    const rest = await get(`bytes=${pdf.length - 30}-`);
    expect(rest.response.status).toBe(206);
    expect(rest.body.equals(pdf.subarray(pdf.length - 30))).toBe(true);

    const suffix = await get("bytes=-7");
    expect(suffix.response.headers.get("content-range")).toBe(
      `bytes ${pdf.length - 7}-${pdf.length - 1}/${pdf.length}`,
    );
    expect(suffix.body.equals(pdf.subarray(pdf.length - 7))).toBe(true);

    const pastTheEnd = await get(`bytes=${pdf.length - 5}-${pdf.length + 1000}`);
    expect(pastTheEnd.response.status).toBe(206);
    expect(pastTheEnd.body.equals(pdf.subarray(pdf.length - 5))).toBe(true);
  });

  it("answers 416 with the size for a range wholly past the end", async () => {
    for (const range of [`bytes=${pdf.length}-`, `bytes=${pdf.length + 10}-${pdf.length + 20}`, "bytes=-0"]) {
      const { response } = await get(range);
      expect(response.status, range).toBe(416);
      expect(response.headers.get("content-range"), range).toBe(`bytes */${pdf.length}`);
    }
  });

  it("ignores a Range it does not serve (several ranges, not bytes) and answers the whole file", async () => {
    for (const range of ["bytes=0-1,5-6", "pages=1-2", "bytes=20-10"]) {
      const { response, body } = await get(range);
      expect(response.status, range).toBe(200);
      expect(body.equals(pdf), range).toBe(true);
    }
  });
});

describe("slow and stalled clients", () => {
  let slow: RunningSandbox;
  const timeouts = { headersMs: 500, idleMs: 500, requestMs: 2500, keepAliveMs: 300 };

  beforeAll(async () => {
    slow = await startSandbox({ timeouts });
  });
  afterAll(async () => slow?.close());

  const post = (length: number) =>
    `POST /sign/no-such-link HTTP/1.1\r\nHost: sandbox\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it("disconnects a client that sends half its headers, then stalls", async () => {
    const outcome = await rawExchange(slow.url, "GET /sign/no-such-link/data HTTP/1.1\r\nHost: sand", 3000);
    expect(outcome.closed).toBe(true);
    expect(outcome.ms).toBeLessThan(2000);
  });

  it("answers 408 to a client that sends its headers a byte at a time, never idle but never done", async () => {
    const headers = "GET /sign/no-such-link/data HTTP/1.1\r\nHost: sandbox\r\nX-Padding: ".padEnd(200, "x");
    const outcome = await rawExchange(slow.url, (socket) => trickle(socket, headers, 50), 4000);
    expect(outcome.closed).toBe(true);
    expect(outcome.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.ms).toBeLessThan(2500);
  });

  it("answers 408 and closes when a body stalls after its headers (no key needed to try)", async () => {
    const outcome = await rawExchange(slow.url, `${post(100)}{"fields":`, 3000);
    expect(outcome.closed).toBe(true);
    expect(outcome.ms).toBeLessThan(2000);
    expect(outcome.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.text.toLowerCase()).toContain("connection: close");
    expect(outcome.text).toContain('"error":408');
  });

  it("lets a slow but steady body finish, for longer than the idle time-out", async () => {
    const body = JSON.stringify({ decline: true, padding: "x".repeat(10) });
    const outcome = await rawExchange(
      slow.url,
      async (socket) => {
        socket.write(post(Buffer.byteLength(body)));
        await trickle(socket, body, 40); // about 1.5 s, three idle time-outs
      },
      4000,
    );
    expect(outcome.text).toMatch(/^HTTP\/1\.1 404 /);
    expect(outcome.text).toContain("This signing link is not valid.");
  });

  it("answers 408 to a body that trickles on past the request time-out", async () => {
    const outcome = await rawExchange(
      slow.url,
      async (socket) => {
        socket.write(post(1000));
        await trickle(socket, "x".repeat(1000), 100);
      },
      6000,
    );
    expect(outcome.closed).toBe(true);
    expect(outcome.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.ms).toBeGreaterThanOrEqual(timeouts.requestMs - 100);
    expect(outcome.ms).toBeLessThan(5000);
  });

  it("closes a kept-alive connection left idle", async () => {
    const outcome = await rawExchange(slow.url, "GET /sign/no-such-link/data HTTP/1.1\r\nHost: sandbox\r\n\r\n", 5000);
    expect(outcome.text).toMatch(/^HTTP\/1\.1 404 /);
    expect(outcome.closed).toBe(true);
    // Node adds a second to the advertised time-out.
    expect(outcome.ms).toBeLessThan(timeouts.keepAliveMs + 2000);
  });

  it("still answers ordinary requests", async () => {
    const answer = await callApi(slow.url, "GET", "/getAllDocuments", { key: slow.key });
    expect(answer.status).toBe(200);
    const sent = await sendForSigning(slow, noteField);
    const signed = await callApi(sent.link, "POST", "", { json: { fields: { note: "Done" } } });
    expect(signed.status).toBe(200);
  });
});

describe("page asset names", () => {
  it("answers 404 for the names of Object.prototype's members", async () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
      const answer = await callApi(running.url, "GET", `/_sandbox/assets/${name}`);
      expect(answer, name).toMatchObject({ status: 404, body: { message: "Not found.", error: 404 } });
    }
    expect((await callApi(running.url, "GET", "/_sandbox/assets/pages.css")).status).toBe(200);
  });
});

describe("oversized uploads", () => {
  const boundary = "----hardening";
  const partHeader =
    `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="big.pdf"\r\n` +
    "Content-Type: application/pdf\r\n\r\n%PDF-1.7\n";

  it("refuses a declared Content-Length over the limit at once, without reading the body", async () => {
    const outcome = await rawExchange(
      running.url,
      async (socket) => {
        socket.write(
          "POST /createNewTemplate HTTP/1.1\r\nHost: sandbox\r\n" +
            `x-api-key: ${running.key}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
            `Content-Length: ${300 * 1024 * 1024}\r\n\r\n${partHeader}`,
        );
      },
      5000,
    );
    expect(outcome.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.text).toContain('{"message":"File too large."}');
    expect(outcome.closed).toBe(true);
    expect(outcome.ms).toBeLessThan(2000);
  });

  it("stops reading a chunked upload at the limit: 413, and the connection closes", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    const total = 150;
    let sent = 0;
    let answeredAt: number | null = null;
    let answeredMs = 0;
    const started = Date.now();
    const outcome = await rawExchange(
      running.url,
      async (socket) => {
        socket.once("data", () => {
          answeredAt = sent;
          answeredMs = Date.now() - started;
        });
        await writeFully(
          socket,
          "POST /createNewTemplate HTTP/1.1\r\nHost: sandbox\r\n" +
            `x-api-key: ${running.key}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
            "Transfer-Encoding: chunked\r\n\r\n" +
            `${Buffer.byteLength(partHeader).toString(16)}\r\n${partHeader}\r\n`,
        );
        // 150 MB that never end the part: without a stop at the limit, no answer comes before they are all read;
        // with one, the server answers near 50 MB and takes nothing more.
        for (let index = 0; index < total; index += 1) {
          await writeFully(socket, `${chunk.length.toString(16)}\r\n`);
          await writeFully(socket, chunk);
          await writeFully(socket, "\r\n");
          sent += chunk.length;
        }
      },
      20_000,
    );
    expect(outcome.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.text).toContain('{"message":"File too large."}');
    expect(outcome.closed).toBe(true);
    // Answered near the 50 MB limit (give or take what the sockets' buffers hold)...
    expect(answeredAt).not.toBeNull();
    expect(answeredAt ?? 0).toBeLessThan(70 * 1024 * 1024);
    // ... and the connection closed at once, neither drained nor left waiting: the client could not send the rest.
    expect(sent).toBeLessThan(total * chunk.length);
    expect(outcome.ms - answeredMs).toBeLessThan(1500);
  });
});

describe("X-Content-Type-Options: nosniff on every answer", () => {
  it("is on JSON answers, error answers and PDF answers", async () => {
    const json = await callApi(running.url, "GET", "/getAllDocuments", { key: running.key });
    const unauthorized = await callApi(running.url, "GET", "/getAllDocuments");
    const notFound = await callApi(running.url, "GET", "/no/such/route");
    const badJson = await callApi(running.url, "POST", "/registerWebhook", { key: running.key, rawBody: "{" });
    const sent = await sendForSigning(running, noteField);
    const pdf = await fetch(`${sent.link}/document.pdf`);
    await pdf.arrayBuffer();
    expect([json.status, unauthorized.status, notFound.status, badJson.status, pdf.status]).toEqual([
      200, 401, 404, 400, 200,
    ]);
    for (const headers of [json.headers, unauthorized.headers, notFound.headers, badJson.headers, pdf.headers]) {
      expect(headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

describe("signature images up to 2 MB", () => {
  const dataUrlOf = (bytes: number) => `data:image/png;base64,${noisePng(bytes).toString("base64")}`;
  const fields = [{ id: "sig", x: 72, y: 600, page: 1, type: "Signature", recipient: 1 }];
  // Not released on signing: the test is about the answer, not the final PDF.
  const send = () => sendForSigning(running, fields, { autoReleaseSignatures: false });

  it("accepts a 1.9 MB image", async () => {
    const { link } = await send();
    const answer = await callApi(link, "POST", "", { json: { fields: { sig: dataUrlOf(1.9 * 1024 * 1024) } } });
    expect(answer).toMatchObject({ status: 200, body: { status: "signed" } });
  });

  it("refuses an image just over 2 MB, saying the limit and naming the field", async () => {
    const { link } = await send();
    const answer = await callApi(link, "POST", "", { json: { fields: { sig: dataUrlOf(2 * 1024 * 1024 + 10_000) } } });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: "Field sig (Signature) is too large: the image may be at most 2 MB.", field: "sig", error: 400 },
    });
  });

  it("refuses an answer far over the limit before reading it, saying the image limit", async () => {
    const { link } = await send();
    const answer = await callApi(link, "POST", "", { json: { fields: { sig: dataUrlOf(5 * 1024 * 1024) } } });
    expect(answer).toMatchObject({
      status: 413,
      body: { message: "The answer is too large: a signature image may be at most 2 MB.", error: 413 },
    });
  });
});

describe("download links", () => {
  it("answers 403 to a link whose expiry is written differently (leading zeros, sign), 200 to the link as written", async () => {
    const { finalUrl } = await finishedDocument(running, "Download me");
    expect((await fetch(finalUrl)).status).toBe(200);
    const expires = new URL(finalUrl).searchParams.get("expires") ?? "";
    for (const altered of [`0${expires}`, `00${expires}`, `%2B${expires}`, `${expires}.0`, ` ${expires}`]) {
      const answer = await fetch(finalUrl.replace(`expires=${expires}`, `expires=${altered}`));
      expect(answer.status, altered).toBe(403);
    }
  });
});

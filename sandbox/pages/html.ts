import { createRequire } from "node:module";
import path from "node:path";
import { faceStylesCss } from "./face-assets";

/**
 * The pages a human sees in the sandbox: the recipient's signing page and the inbox that stands in for
 * the e-mails the service would send. Both are static documents; their scripts fetch everything else.
 * They contain no inline script or style, so they run under the policy of `pageHeaders()` (http/page-headers.ts).
 */

/** Where the assets below are served: `GET /_sandbox/assets/<name>`. */
export const pageAssetsPrefix = "/_sandbox/assets/";

const require = createRequire(import.meta.url);
const pdfjsBuild = path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "build");
/** signature_pad's ES module, beside the UMD build that `require` resolves (its package.json is not exported). */
const signaturePadModule = path.join(path.dirname(require.resolve("signature_pad")), "signature_pad.js");
const assetsDir = path.join(import.meta.dirname, "assets");
const javascript = "text/javascript; charset=utf-8";

/** Asset name (as in `/_sandbox/assets/<name>`) to the absolute path of the file and its content type. */
export const pageAssets: Record<string, { file: string; contentType: string }> = {
  "pages.css": { file: path.join(assetsDir, "pages.css"), contentType: "text/css; charset=utf-8" },
  "sign.js": { file: path.join(assetsDir, "sign.js"), contentType: javascript },
  "sign-api.js": { file: path.join(assetsDir, "sign-api.js"), contentType: javascript },
  "sign-data.js": { file: path.join(assetsDir, "sign-data.js"), contentType: javascript },
  "sign-decline-dialog.js": { file: path.join(assetsDir, "sign-decline-dialog.js"), contentType: javascript },
  "sign-dom.js": { file: path.join(assetsDir, "sign-dom.js"), contentType: javascript },
  "sign-fields.js": { file: path.join(assetsDir, "sign-fields.js"), contentType: javascript },
  "sign-finish.js": { file: path.join(assetsDir, "sign-finish.js"), contentType: javascript },
  "sign-focus-trap.js": { file: path.join(assetsDir, "sign-focus-trap.js"), contentType: javascript },
  "sign-ink.js": { file: path.join(assetsDir, "sign-ink.js"), contentType: javascript },
  "sign-outcome.js": { file: path.join(assetsDir, "sign-outcome.js"), contentType: javascript },
  "sign-pages.js": { file: path.join(assetsDir, "sign-pages.js"), contentType: javascript },
  "sign-progress.js": { file: path.join(assetsDir, "sign-progress.js"), contentType: javascript },
  "sign-signature-dialog.js": { file: path.join(assetsDir, "sign-signature-dialog.js"), contentType: javascript },
  "sign-state.js": { file: path.join(assetsDir, "sign-state.js"), contentType: javascript },
  "inbox.js": { file: path.join(assetsDir, "inbox.js"), contentType: javascript },
  // pdf.js's minified builds, which the packaged app ships alone (electron-builder.yml).
  "pdf.mjs": { file: path.join(pdfjsBuild, "pdf.min.mjs"), contentType: javascript },
  "pdf.worker.mjs": { file: path.join(pdfjsBuild, "pdf.worker.min.mjs"), contentType: javascript },
  "signature_pad.js": { file: signaturePadModule, contentType: javascript },
};

/** Made, not read from a file: the @font-face rules of the faces above (face-assets.ts). */
export const generatedAssets: Record<string, { text: () => string; contentType: string }> = {
  "faces.css": { text: () => faceStylesCss(pageAssetsPrefix), contentType: "text/css; charset=utf-8" },
};

interface PageOptions {
  title: string;
  script: string;
  preload?: string[];
  body: string;
}

function page({ title, script, preload = [], body }: PageOptions): string {
  const preloads = preload.map((name) => `  <link rel="modulepreload" href="${pageAssetsPrefix}${name}">\n`).join("");
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <meta name="robots" content="noindex, nofollow">
  <meta name="color-scheme" content="light dark">
  <title>${title}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${pageAssetsPrefix}pages.css">
  <link rel="stylesheet" href="${pageAssetsPrefix}faces.css">
${preloads}  <script type="module" src="${pageAssetsPrefix}${script}"></script>
</head>
<body>
${body}
</body>
</html>
`;
}

/** `GET /sign/<recipientHash>`: sign.js reads the hash from the address and fetches `/sign/<hash>/data`. */
export function signingPageHtml(): string {
  return page({
    title: "Sign document · Signdesk sandbox",
    script: "sign.js",
    preload: ["pdf.mjs", "signature_pad.js"],
    body: `<a class="skip-link" href="#document">Skip to the document</a>
<header class="site-header">
  <p class="brand">Signdesk <span class="brand-tag">sandbox</span></p>
  <div class="doc-heading">
    <h1 id="doc-name">Loading document…</h1>
    <p id="doc-recipient" class="muted"></p>
  </div>
</header>
<div id="message" class="live" role="status" aria-live="polite" aria-atomic="true"></div>
<main id="main" class="sign-layout" aria-busy="true">
  <section id="outcome" class="outcome" hidden tabindex="-1" aria-labelledby="outcome-title">
    <h2 id="outcome-title"></h2>
    <p id="outcome-text"></p>
  </section>
  <aside id="panel" class="panel" aria-label="Signing progress" hidden>
    <p id="progress-text" class="progress-text">0 of 0 fields completed</p>
    <progress id="progress" max="1" value="0" aria-labelledby="progress-text"></progress>
    <div class="panel-actions">
      <button type="button" id="next-field" class="button">Next field</button>
      <button type="button" id="finish" class="button primary">Finish and sign</button>
      <button type="button" id="decline" class="button subtle">Decline</button>
    </div>
    <a id="pdf-link" class="panel-link" href="#document">Open the original PDF</a>
  </aside>
  <section id="document" class="document" aria-label="Document" tabindex="-1">
    <p id="loading" class="loading">Loading…</p>
    <div id="pages" class="pages"></div>
    <div id="end-actions" class="end-actions" hidden>
      <p>End of document.</p>
      <button type="button" id="finish-end" class="button primary">Finish and sign</button>
    </div>
  </section>
</main>
<dialog id="sig-dialog" class="dialog" aria-labelledby="sig-title">
  <form id="sig-form" method="dialog" novalidate>
    <h2 id="sig-title">Add your signature</h2>
    <fieldset class="modes">
      <legend>How do you want to sign?</legend>
      <label class="mode"><input type="radio" name="sig-mode" value="type" checked> Type</label>
      <label class="mode"><input type="radio" name="sig-mode" value="draw"> Draw</label>
    </fieldset>
    <div id="sig-type-panel" class="sig-panel">
      <label for="sig-text" id="sig-text-label">Type your name</label>
      <input id="sig-text" type="text" autocomplete="off" spellcheck="false" aria-describedby="sig-error">
      <canvas id="sig-preview" class="sig-canvas" role="img" aria-label="Preview of your typed signature"></canvas>
    </div>
    <div id="sig-draw-panel" class="sig-panel" hidden>
      <p id="sig-draw-help" class="muted">Draw with a mouse, pen or finger in the box below. To use the keyboard, choose Type.</p>
      <canvas id="sig-pad" class="sig-canvas sig-pad" role="img" aria-label="Drawing area" aria-describedby="sig-draw-help"></canvas>
      <button type="button" id="sig-clear" class="button subtle">Clear</button>
    </div>
    <p id="sig-error" class="field-error" hidden></p>
    <div class="dialog-actions">
      <button type="button" id="sig-cancel" class="button">Cancel</button>
      <button type="submit" id="sig-apply" class="button primary">Apply</button>
    </div>
  </form>
</dialog>
<dialog id="decline-dialog" class="dialog" aria-labelledby="decline-title" aria-describedby="decline-text">
  <form id="decline-form" method="dialog">
    <h2 id="decline-title">Decline to sign?</h2>
    <p id="decline-text">The sender will see that you declined. You will not be able to sign this document afterwards.</p>
    <div class="dialog-actions">
      <button type="button" id="decline-cancel" class="button" autofocus>Keep the document</button>
      <button type="submit" id="decline-confirm" class="button danger">Decline to sign</button>
    </div>
  </form>
</dialog>`,
  });
}

/** `GET /_sandbox/inbox`: inbox.js opens with Signdesk's one-time link, or asks for the API key; then lists the outbox. */
export function inboxPageHtml(): string {
  return page({
    title: "Inbox · Signdesk sandbox",
    script: "inbox.js",
    body: `<header class="site-header">
  <p class="brand">Signdesk <span class="brand-tag">sandbox</span></p>
  <div class="doc-heading">
    <h1>Inbox</h1>
    <p class="muted">The sandbox sends no e-mail. Every message it would have sent to a recipient is listed here.</p>
  </div>
</header>
<main class="inbox-layout">
  <form id="key-form" class="key-form" method="post" novalidate>
    <div class="key-row">
      <label for="api-key">Sandbox API key</label>
      <input id="api-key" type="password" autocomplete="off" spellcheck="false" required aria-describedby="key-help">
      <button type="submit" class="button primary">Show messages</button>
      <button type="button" id="forget-key" class="button subtle" hidden>Forget key</button>
    </div>
    <p id="key-help" class="muted">Kept in this browser tab only (session storage), and sent only to this sandbox.</p>
  </form>
  <div id="message" class="live" role="status" aria-live="polite" aria-atomic="true"></div>
  <section id="messages-section" class="messages-section" aria-labelledby="messages-title" tabindex="-1" hidden>
    <div class="section-head">
      <h2 id="messages-title">Messages</h2>
      <button type="button" id="refresh" class="button">Refresh</button>
    </div>
    <p id="messages-summary" class="muted"></p>
    <ol id="messages" class="messages"></ol>
  </section>
</main>`,
  });
}

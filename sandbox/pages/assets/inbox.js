// @ts-check
/**
 * The inbox of the Signdesk sandbox (`GET /_sandbox/inbox`): stands in for the recipients' mailboxes.
 * Opened from Signdesk with a one-time link (`#ticket=…`), it trades the ticket once for a session that reads
 * `GET /_sandbox/inbox/messages`, and asks for no key. Otherwise (or when the link was used or has expired) it
 * asks for the sandbox API key (kept in sessionStorage only) and lists `GET /_sandbox/outbox`.
 */

const OUTBOX_URL = "/_sandbox/outbox";
const SESSION_URL = "/_sandbox/inbox/session";
const SESSION_MESSAGES_URL = "/_sandbox/inbox/messages";
const STORAGE_KEY = "signdesk.sandbox.apiKey";
const SESSION_STORAGE_KEY = "signdesk.sandbox.inboxSession";

/** @typedef {{ kind: "key" | "session", value: string }} Credential */

/**
 * @typedef {object} OutboxMessage
 * @property {string} to
 * @property {string} name
 * @property {string} subject
 * @property {string} pdf_id
 * @property {string} signingUrl
 * @property {string} sentAt
 */

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{ new (): T, prototype: T }} type
 * @returns {T}
 */
function byId(id, type) {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`The page is missing #${id}.`);
  return element;
}

const ui = {
  form: byId("key-form", HTMLFormElement),
  key: byId("api-key", HTMLInputElement),
  forget: byId("forget-key", HTMLButtonElement),
  message: byId("message", HTMLDivElement),
  section: byId("messages-section", HTMLElement),
  refresh: byId("refresh", HTMLButtonElement),
  summary: byId("messages-summary", HTMLParagraphElement),
  list: byId("messages", HTMLOListElement),
};

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * @param {unknown} value
 * @returns {string}
 */
function text(value) {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return "";
}

/**
 * @param {string} message
 * @param {"info" | "error" | "success"} [kind]
 */
function announce(message, kind = "info") {
  const paragraph = document.createElement("p");
  paragraph.className = `message ${kind}`;
  paragraph.textContent = message;
  const previous = ui.message.textContent;
  ui.message.replaceChildren();
  if (previous === message) {
    window.setTimeout(() => ui.message.replaceChildren(paragraph), 100);
  } else {
    ui.message.replaceChildren(paragraph);
  }
}

/**
 * @param {string} name
 * @returns {string | null}
 */
function stored(name) {
  try {
    return window.sessionStorage.getItem(name);
  } catch {
    return null;
  }
}

/** @returns {string | null} */
function storedKey() {
  return stored(STORAGE_KEY);
}

/** @param {string | null} session */
function storeSession(session) {
  try {
    if (session === null) window.sessionStorage.removeItem(SESSION_STORAGE_KEY);
    else window.sessionStorage.setItem(SESSION_STORAGE_KEY, session);
  } catch {
    // Storage may be disabled; the session then lasts as long as the page.
  }
  ui.form.hidden = session !== null;
}

/** @type {string | null} */
let sessionInMemory = null;

/**
 * The credential the page reads the messages with: the session from Signdesk's link first, else a key.
 * @returns {Credential | null}
 */
function currentCredential() {
  const session = sessionInMemory ?? stored(SESSION_STORAGE_KEY);
  if (session) return { kind: "session", value: session };
  const key = ui.key.value.trim() || storedKey();
  return key ? { kind: "key", value: key } : null;
}

/** @param {string | null} key */
function storeKey(key) {
  try {
    if (key === null) window.sessionStorage.removeItem(STORAGE_KEY);
    else window.sessionStorage.setItem(STORAGE_KEY, key);
  } catch {
    // Storage may be disabled; the key then lives in the input only.
  }
  ui.forget.hidden = key === null;
}

/**
 * @param {unknown} body
 * @returns {OutboxMessage[] | null}
 */
function parseOutbox(body) {
  if (!isObject(body) || !Array.isArray(body.messages)) return null;
  return body.messages.filter(isObject).map((message) => ({
    to: text(message.to),
    name: text(message.name),
    subject: text(message.subject),
    pdf_id: text(message.pdf_id),
    signingUrl: text(message.signingUrl),
    sentAt: text(message.sentAt),
  }));
}

/**
 * The signing link as an http(s) URL, or null (a link the page will not offer).
 * @param {string} value
 * @returns {string | null}
 */
function safeLink(value) {
  if (value === "") return null;
  try {
    const url = new URL(value, window.location.href);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** @param {string} value */
function formatTime(value) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value || "unknown";
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });
}

/**
 * @param {HTMLDListElement} list
 * @param {string} term
 * @param {Node | string} detail
 */
function addDetail(list, term, detail) {
  const dt = document.createElement("dt");
  dt.textContent = term;
  const dd = document.createElement("dd");
  dd.append(detail);
  list.append(dt, dd);
}

/**
 * @param {OutboxMessage} message
 * @returns {HTMLLIElement}
 */
function renderMessage(message) {
  const item = document.createElement("li");
  const article = document.createElement("article");
  article.className = "mail";
  const content = document.createElement("div");
  const heading = document.createElement("h3");
  heading.textContent = message.subject || "(no subject)";
  const details = document.createElement("dl");
  const recipient = message.name ? `${message.name} <${message.to}>` : message.to;
  addDetail(details, "To", recipient || "(unknown)");
  const time = document.createElement("time");
  time.textContent = formatTime(message.sentAt);
  if (message.sentAt) time.dateTime = message.sentAt;
  addDetail(details, "Sent", time);
  const id = document.createElement("code");
  id.textContent = message.pdf_id || "(none)";
  addDetail(details, "Document", id);
  content.append(heading, details);
  article.append(content);

  const href = safeLink(message.signingUrl);
  if (href) {
    const link = document.createElement("a");
    link.className = "button primary open-link";
    link.href = href;
    link.append("Open signing page");
    const context = document.createElement("span");
    context.className = "sr-only";
    context.textContent = ` for ${message.name || message.to}: ${message.subject}`;
    link.append(context);
    article.append(link);
  } else {
    const note = document.createElement("p");
    note.className = "muted";
    note.textContent = "No signing link.";
    article.append(note);
  }
  item.append(article);
  return item;
}

let loading = false;

/**
 * @param {Credential} credential
 * @param {{ focusList?: boolean }} [options]
 */
async function load(credential, options = {}) {
  if (loading) return;
  loading = true;
  ui.refresh.disabled = true;
  ui.section.setAttribute("aria-busy", "true");
  announce("Loading messages…");
  /** @type {Response} */
  let response;
  try {
    const viaSession = credential.kind === "session";
    response = await fetch(viaSession ? SESSION_MESSAGES_URL : OUTBOX_URL, {
      headers: { [viaSession ? "x-inbox-session" : "x-api-key"]: credential.value, accept: "application/json" },
      cache: "no-store",
    });
  } catch {
    finishLoading();
    announce("The sandbox did not answer. Check that it is running, then try again.", "error");
    return;
  }
  /** @type {unknown} */
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  finishLoading();
  if (response.status === 401 && credential.kind === "session") {
    fallBackToKey("Your access from Signdesk has ended.");
    return;
  }
  if (response.status === 401) {
    storeKey(null);
    ui.section.hidden = true;
    ui.key.setAttribute("aria-invalid", "true");
    announce("That key is not valid. Check it and try again.", "error");
    ui.key.focus();
    ui.key.select();
    return;
  }
  if (!response.ok) {
    const detail = isObject(body) && typeof body.message === "string" ? `: ${body.message}` : ".";
    announce(`The messages could not be loaded (HTTP ${response.status})${detail}`, "error");
    return;
  }
  const messages = parseOutbox(body);
  if (messages === null) {
    announce("The sandbox answered with something that is not an outbox.", "error");
    return;
  }
  if (credential.kind === "key") {
    ui.key.removeAttribute("aria-invalid");
    storeKey(credential.value);
  }
  ui.list.replaceChildren(...messages.map(renderMessage));
  const loadedAt = new Date().toLocaleTimeString();
  ui.summary.textContent =
    messages.length === 0
      ? "No messages yet. When a document is sent for signing, each recipient's message appears here."
      : `Newest first. Updated at ${loadedAt}.`;
  ui.section.hidden = false;
  announce(
    `${messages.length} ${messages.length === 1 ? "message" : "messages"} loaded at ${loadedAt}.`,
    messages.length === 0 ? "info" : "success",
  );
  if (options.focusList) ui.section.focus();
}

function finishLoading() {
  loading = false;
  ui.refresh.disabled = false;
  ui.section.removeAttribute("aria-busy");
}

ui.form.addEventListener("submit", (event) => {
  event.preventDefault();
  const key = ui.key.value.trim();
  if (key === "") {
    ui.key.setAttribute("aria-invalid", "true");
    announce("Enter the sandbox API key first.", "error");
    ui.key.focus();
    return;
  }
  void load({ kind: "key", value: key }, { focusList: true });
});

ui.key.addEventListener("input", () => ui.key.removeAttribute("aria-invalid"));

ui.refresh.addEventListener("click", () => {
  const credential = currentCredential();
  if (credential) void load(credential);
  else {
    announce("Enter the sandbox API key first.", "error");
    ui.key.focus();
  }
});

ui.forget.addEventListener("click", () => {
  storeKey(null);
  ui.key.value = "";
  ui.list.replaceChildren();
  ui.section.hidden = true;
  announce("The key was forgotten.");
  ui.key.focus();
});

/**
 * Without access from Signdesk (any more): the key form again, saying why.
 * @param {string} reason
 */
function fallBackToKey(reason) {
  sessionInMemory = null;
  storeSession(null);
  ui.section.hidden = true;
  announce(`${reason} Open the inbox again from Signdesk, or enter the sandbox API key.`, "error");
  ui.key.focus();
}

/**
 * Trades the one-time ticket of Signdesk's link for a session; the ticket leaves the address bar at once, so a
 * reload or a copied address does not try it again.
 * @param {string} ticket
 */
async function openWithTicket(ticket) {
  window.history.replaceState(null, "", window.location.pathname);
  ui.form.hidden = true;
  announce("Opening the inbox…");
  /** @type {unknown} */
  let body = null;
  let ok = false;
  try {
    const response = await fetch(SESSION_URL, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ ticket }),
      cache: "no-store",
    });
    ok = response.ok;
    body = await response.json().catch(() => null);
  } catch {
    ok = false;
  }
  const session = ok && isObject(body) && typeof body.session === "string" ? body.session : null;
  if (session === null) {
    fallBackToKey("This inbox link was already used or has expired.");
    return;
  }
  sessionInMemory = session;
  storeSession(session);
  void load({ kind: "session", value: session });
}

const ticket = new URLSearchParams(window.location.hash.slice(1)).get("ticket");
const rememberedSession = stored(SESSION_STORAGE_KEY);
const remembered = storedKey();
if (ticket) {
  void openWithTicket(ticket);
} else if (rememberedSession) {
  sessionInMemory = rememberedSession;
  ui.form.hidden = true;
  void load({ kind: "session", value: rememberedSession });
} else if (remembered) {
  ui.key.value = remembered;
  ui.forget.hidden = false;
  void load({ kind: "key", value: remembered });
}

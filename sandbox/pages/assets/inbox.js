// @ts-check
/**
 * The inbox of the Signdesk sandbox (`GET /_sandbox/inbox`): stands in for the recipients' mailboxes.
 * Asks for the sandbox API key (kept in sessionStorage only) and lists `GET /_sandbox/outbox`.
 */

const OUTBOX_URL = "/_sandbox/outbox";
const STORAGE_KEY = "signdesk.sandbox.apiKey";

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

/** @returns {string | null} */
function storedKey() {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
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
 * @param {string} key
 * @param {{ focusList?: boolean }} [options]
 */
async function load(key, options = {}) {
  if (loading) return;
  loading = true;
  ui.refresh.disabled = true;
  ui.section.setAttribute("aria-busy", "true");
  announce("Loading messages…");
  /** @type {Response} */
  let response;
  try {
    response = await fetch(OUTBOX_URL, {
      headers: { "x-api-key": key, accept: "application/json" },
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
  ui.key.removeAttribute("aria-invalid");
  storeKey(key);
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
  void load(key, { focusList: true });
});

ui.key.addEventListener("input", () => ui.key.removeAttribute("aria-invalid"));

ui.refresh.addEventListener("click", () => {
  const key = ui.key.value.trim() || storedKey();
  if (key) void load(key);
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

const remembered = storedKey();
if (remembered) {
  ui.key.value = remembered;
  ui.forget.hidden = false;
  void load(remembered);
}

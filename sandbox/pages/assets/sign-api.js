// @ts-check
/** The signing page's requests: the hash from the address, `GET /sign/<hash>/data` and `POST /sign/<hash>`. */

import { isObject } from "./sign-data.js";

/** @typedef {{ status: number, body: unknown }} Answer */

const hashMatch = /^\/sign\/([^/]+)\/?$/.exec(window.location.pathname);
/** The recipient's hash from the address, or null when the address is not a signing link. */
export const recipientHash = hashMatch?.[1] ?? null;
const baseUrl = recipientHash === null ? "" : `/sign/${recipientHash}`;
/** `GET /sign/<hash>/document.pdf`: the original PDF. */
export const documentUrl = `${baseUrl}/document.pdf`;

/**
 * @param {Response} response
 * @returns {Promise<unknown>}
 */
async function readJson(response) {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * The service's `message`, or null when the body has none.
 * @param {unknown} body
 * @returns {string | null}
 */
export function messageOf(body) {
  return isObject(body) && typeof body.message === "string" && body.message.trim() !== "" ? body.message : null;
}

/**
 * `GET /sign/<hash>/data`.
 * @returns {Promise<Answer | null>} null when the sandbox could not be reached
 */
export async function getSigningData() {
  /** @type {Response} */
  let response;
  try {
    response = await fetch(`${baseUrl}/data`, { headers: { accept: "application/json" }, cache: "no-store" });
  } catch {
    return null;
  }
  return { status: response.status, body: await readJson(response) };
}

/**
 * `POST /sign/<hash>`.
 * @param {Record<string, unknown>} body
 * @returns {Promise<Answer | null>} null when the sandbox could not be reached
 */
export async function post(body) {
  try {
    const response = await fetch(baseUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
    });
    return { status: response.status, body: await readJson(response) };
  } catch {
    return null;
  }
}

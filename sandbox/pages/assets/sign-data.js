// @ts-check
/** The signing data of `GET /sign/<hash>/data`: its shape, its checks, and the tab order and labels of its fields. */

/**
 * @typedef {object} FieldData
 * @property {string} id
 * @property {string} type
 * @property {number} page 1-based
 * @property {number} x top-left of the box, displayed points
 * @property {number} y
 * @property {number} width
 * @property {number} height
 */

/**
 * @typedef {object} SigningData
 * @property {{ id: string, name: string, status: string }} document
 * @property {{ name: string, email: string, status: string }} recipient
 * @property {{ width: number, height: number }[]} pages displayed size in points, index 0 = page 1
 * @property {FieldData[]} fields
 * @property {string} signingDate what the Date fields hold: the date of signing, decided by the sandbox
 */

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * @param {unknown} value
 * @returns {value is number}
 */
function isFiniteNumber(value) {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * Checks the shape of `GET /sign/<hash>/data`; throws with a readable reason when it is not as expected.
 * @param {unknown} body
 * @returns {SigningData}
 */
export function parseSigningData(body) {
  if (!isObject(body)) throw new Error("the answer is not a JSON object");
  const { document: doc, recipient, pages, fields } = body;
  if (!isObject(doc)) throw new Error("document is missing");
  if (!isObject(recipient)) throw new Error("recipient is missing");
  if (!Array.isArray(pages)) throw new Error("pages is missing");
  if (!Array.isArray(fields)) throw new Error("fields is missing");
  const parsedPages = pages.map((page, index) => {
    if (!isObject(page) || !isFiniteNumber(page.width) || !isFiniteNumber(page.height)) {
      throw new Error(`page ${index + 1} has no size`);
    }
    if (page.width <= 0 || page.height <= 0) throw new Error(`page ${index + 1} has an empty size`);
    return { width: page.width, height: page.height };
  });
  const parsedFields = fields.map((field, index) => {
    if (!isObject(field)) throw new Error(`field ${index + 1} is not an object`);
    const { id, type, page, x, y, width, height } = field;
    if (typeof id !== "string" && typeof id !== "number") throw new Error(`field ${index + 1} has no id`);
    if (typeof type !== "string") throw new Error(`field ${id} has no type`);
    if (!isFiniteNumber(page) || !isFiniteNumber(x) || !isFiniteNumber(y)) {
      throw new Error(`field ${id} has no position`);
    }
    if (!isFiniteNumber(width) || !isFiniteNumber(height)) throw new Error(`field ${id} has no size`);
    if (!Number.isInteger(page) || page < 1 || page > parsedPages.length) {
      throw new Error(`field ${id} is on page ${page}, which the document does not have`);
    }
    return { id: String(id), type, page, x, y, width, height };
  });
  return {
    document: {
      id: String(doc.id ?? ""),
      name: typeof doc.name === "string" && doc.name.trim() !== "" ? doc.name : "Untitled document",
      status: typeof doc.status === "string" ? doc.status : "",
    },
    recipient: {
      name: typeof recipient.name === "string" ? recipient.name : "",
      email: typeof recipient.email === "string" ? recipient.email : "",
      status: typeof recipient.status === "string" ? recipient.status : "pending",
    },
    pages: parsedPages,
    fields: parsedFields,
    signingDate: typeof body.signingDate === "string" ? body.signingDate : "",
  };
}

/**
 * Tab order: page order, then rows from top to bottom, then left to right within a row. Boxes whose tops are
 * closer than half the smaller box's height are on the same row.
 * @param {FieldData[]} fields
 * @returns {FieldData[]}
 */
export function readingOrder(fields) {
  const byTop = [...fields].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  /** @type {FieldData[][]} */
  const rows = [];
  for (const field of byTop) {
    const row = rows.at(-1);
    const first = row?.[0];
    if (row && first && first.page === field.page && field.y - first.y < Math.min(first.height, field.height) / 2) {
      row.push(field);
    } else {
      rows.push([field]);
    }
  }
  return rows.flatMap((row) => row.sort((a, b) => a.x - b.x));
}

/**
 * "Signature, page 1"; when a page holds several fields of one type they are numbered in tab order.
 * @param {FieldData[]} ordered
 * @returns {Map<FieldData, string>}
 */
export function fieldLabels(ordered) {
  /** @type {Map<string, number>} */
  const totals = new Map();
  for (const field of ordered) {
    const key = `${field.page}\u0000${field.type}`;
    totals.set(key, (totals.get(key) ?? 0) + 1);
  }
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @type {Map<FieldData, string>} */
  const labels = new Map();
  for (const field of ordered) {
    const key = `${field.page}\u0000${field.type}`;
    const number = (seen.get(key) ?? 0) + 1;
    seen.set(key, number);
    const name = (totals.get(key) ?? 1) > 1 ? `${field.type} ${number}` : field.type;
    labels.set(field, `${name}, page ${field.page}`);
  }
  return labels;
}

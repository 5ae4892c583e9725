import { execFileSync } from "node:child_process";
import type { FieldType } from "../../common/field-boxes.ts";
import { type ExpectedDocument, type ExpectedField, type ExpectedNote, keepOnPage } from "./expected-document.ts";
import { displayedSizeOf, popplerPages, rectTopLeft } from "./page-boxes.ts";
import { textFieldType } from "./text-field-type.ts";

/** One widget of qpdf's `--json=2` acroform section (qpdf resolves inherited /FT, /Ff, names and page). */
interface QpdfWidget {
  annotation: { object: string; annotationflags: number };
  fieldtype: string;
  fieldflags: number;
  fullname: string;
  alternativename: string;
  parent: string | null;
  object: string;
  ischeckbox: boolean;
  isradiobutton: boolean;
  ischoice: boolean;
  pageposfrom1: number;
}

type QpdfObjects = Record<string, { value?: Record<string, unknown> }>;

const hiddenFlag = 2;

function qpdfJson(file: string): { widgets: QpdfWidget[]; objects: QpdfObjects } {
  const text = execFileSync("qpdf", ["--json=2", "--json-key=acroform", "--json-key=qpdf", file], {
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
  });
  const parsed = JSON.parse(text) as { acroform: { fields: QpdfWidget[] }; qpdf: [unknown, QpdfObjects] };
  return { widgets: parsed.acroform.fields, objects: parsed.qpdf[1] };
}

function rectOf(objects: QpdfObjects, reference: string): number[] {
  const rect = objects[`obj:${reference}`]?.value?.["/Rect"];
  if (!Array.isArray(rect) || rect.length !== 4 || !rect.every((n) => typeof n === "number")) {
    throw new Error(`widget ${reference} has no direct numeric /Rect`);
  }
  return rect as number[];
}

/**
 * What the detector should find among a PDF's AcroForm widgets: every visible widget of a signature, checkbox or
 * text field becomes a field of role 0 at the top-left of its /Rect; radio groups, push buttons and choice lists
 * become one note per field (at the page of its first widget). Hidden widgets (annotation flag 2) are skipped.
 */
export function expectedFromWidgets(file: string): ExpectedDocument & { hiddenSkipped: number } {
  const pages = popplerPages(file);
  const { widgets, objects } = qpdfJson(file);
  const fields: ExpectedField[] = [];
  const notes: ExpectedNote[] = [];
  const noted = new Set<string>();
  let hiddenSkipped = 0;
  for (const widget of widgets) {
    const page = pages[widget.pageposfrom1 - 1];
    if (page === undefined) throw new Error(`widget ${widget.object} of ${file} is on no page`);
    if ((widget.annotation.annotationflags & hiddenFlag) !== 0) {
      hiddenSkipped += 1;
      continue;
    }
    const noteKind = widget.isradiobutton
      ? "radioGroup"
      : widget.ischoice
        ? "choiceList"
        : widget.fieldtype === "/Btn" && !widget.ischeckbox
          ? "pushButton"
          : null;
    if (noteKind !== null) {
      const key = `${noteKind}:${widget.fullname}`;
      if (!noted.has(key)) notes.push({ kind: noteKind, page: widget.pageposfrom1, label: widget.fullname });
      noted.add(key);
      continue;
    }
    const tooltip = widget.alternativename === widget.fullname ? "" : widget.alternativename;
    const type: FieldType | null =
      widget.fieldtype === "/Sig"
        ? "Signature"
        : widget.ischeckbox
          ? "Checkbox"
          : widget.fieldtype === "/Tx"
            ? textFieldType(widget.fullname.split(".").at(-1) ?? "", tooltip)
            : null;
    if (type === null) throw new Error(`widget ${widget.object} of ${file}: field type ${widget.fieldtype}`);
    const corner = rectTopLeft(page, rectOf(objects, widget.annotation.object));
    const { x, y } = keepOnPage(type, displayedSizeOf(page), corner.x, corner.y);
    fields.push({
      type,
      page: widget.pageposfrom1,
      x,
      y,
      role: 0,
      source: "widget",
      label: tooltip || widget.fullname,
    });
  }
  fields.sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  notes.sort((a, b) => a.page - b.page);
  // A form names no recipients: every widget goes to role 0, the draft's first recipient.
  return { fields, notes, roles: [], hiddenSkipped };
}

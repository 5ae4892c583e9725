import type { PageGeometry } from "../../../common/coordinates";
import type { FieldType } from "../../../common/field-boxes";
import type { FoundNote } from "../../../common/found-fields";
import { kindNamed } from "./field-name-keywords";
import type { FieldDraft } from "./page-findings";
import { displayedRect, placeBox } from "./place-box";

/** What the detector reads of a pdf.js annotation (page.getAnnotations()). */
export interface WidgetData {
  subtype?: string;
  fieldType?: string;
  fieldName?: string;
  alternativeText?: string;
  rect?: number[];
  hidden?: boolean;
  checkBox?: boolean;
  radioButton?: boolean;
  pushButton?: boolean;
}

const maxLabel = 500;

/** The last part of a field's full name ("form.buyer.email" → "email"). */
function lastPart(name: string): string {
  return name.slice(name.lastIndexOf(".") + 1);
}

/** A text field's type: what its name's last part says, else its whole name, else its tooltip, else Text. */
export function textFieldType(name: string, tooltip: string): FieldType {
  return kindNamed(lastPart(name)) ?? kindNamed(name) ?? kindNamed(tooltip) ?? "Text";
}

/**
 * A page's form widgets as fields (signature, checkbox, text by its name), and as notes for those the service has no
 * field for (radio groups, buttons, lists: once per field in the document, `noted` being shared across pages).
 */
export function widgetsOnPage(
  page: number,
  geometry: PageGeometry,
  annotations: readonly WidgetData[],
  noted: Set<string>,
): { widgets: FieldDraft[]; notes: FoundNote[] } {
  const widgets: FieldDraft[] = [];
  const notes: FoundNote[] = [];
  // A field of several widgets (a radio group's buttons, a list drawn on two pages) is noted once, where first seen.
  const noteOnce = (kind: FoundNote["kind"], name: string, label: string) => {
    const key = `${kind}:${name}`;
    if (name !== "" && noted.has(key)) return;
    noted.add(key);
    notes.push({ kind, page, label });
  };
  for (const annotation of annotations) {
    if (annotation.subtype !== "Widget" || annotation.hidden === true) continue;
    const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = annotation.rect ?? [];
    if (![x1, y1, x2, y2].every(Number.isFinite) || x1 === x2 || y1 === y2) continue;
    const name = annotation.fieldName ?? "";
    const tooltip = annotation.alternativeText ?? "";
    const label = (name !== "" ? name : tooltip).slice(0, maxLabel);
    let type: FieldType;
    switch (annotation.fieldType) {
      case "Sig":
        type = "Signature";
        break;
      case "Tx":
        type = textFieldType(name, tooltip);
        break;
      case "Ch":
        noteOnce("choiceList", name, label);
        continue;
      case "Btn":
        if (annotation.checkBox === true) {
          type = "Checkbox";
          break;
        }
        noteOnce(annotation.radioButton === true ? "radioGroup" : "pushButton", name, label);
        continue;
      default:
        continue;
    }
    const found = displayedRect(geometry, [x1, y1, x2, y2]);
    const at = placeBox(geometry, type, found);
    widgets.push({ source: "widget", type, x: at.x, y: at.y, label, found, role: { kind: "none" } });
  }
  return { widgets, notes };
}

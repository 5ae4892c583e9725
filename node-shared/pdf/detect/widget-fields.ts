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
 * field for (radio groups, once per group name in the document: `radioGroups` is shared across pages).
 */
export function widgetsOnPage(
  page: number,
  geometry: PageGeometry,
  annotations: readonly WidgetData[],
  radioGroups: Set<string>,
): { widgets: FieldDraft[]; notes: FoundNote[] } {
  const widgets: FieldDraft[] = [];
  const notes: FoundNote[] = [];
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
        notes.push({ kind: "choiceList", page, label });
        continue;
      case "Btn":
        if (annotation.checkBox === true) {
          type = "Checkbox";
          break;
        }
        if (annotation.radioButton === true) {
          if (!radioGroups.has(name)) notes.push({ kind: "radioGroup", page, label });
          radioGroups.add(name);
        } else notes.push({ kind: "pushButton", page, label });
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

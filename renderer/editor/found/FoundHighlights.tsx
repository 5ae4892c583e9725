import { useIntl } from "react-intl";
import { fieldBoxSizes } from "../../../common/fields";
import type { FoundField } from "../../../common/found-fields";
import { fieldTypeName } from "../field-type-names";
import { foundMessages as messages } from "./found-messages";

interface FoundHighlightsProps {
  /** The found fields of this page, not placed yet. */
  fields: readonly FoundField[];
  accepted: ReadonlySet<string>;
  /** Pixels per point. */
  scale: number;
}

/**
 * Where each found field would go on its page, outlined (dashed; faint once unticked), and the tag or widget it was
 * found at, tinted: shown while the person reviews, above the page and below nothing they can click.
 */
export function FoundHighlights({ fields, accepted, scale }: FoundHighlightsProps) {
  const intl = useIntl();
  if (fields.length === 0) return null;
  const px = (points: number) => `${points * scale}px`;
  return (
    <div className="found-highlights" aria-hidden="true">
      {fields.map((field) => {
        const box = fieldBoxSizes[field.type];
        const ticked = accepted.has(field.key);
        return (
          <div key={field.key}>
            {/* The tag or widget, and the rest of a tag that wraps onto the next line. */}
            {[field.found, ...(field.moreCovers ?? [])].map((rect) => (
              <div
                key={`${rect.x},${rect.y}`}
                className="found-source"
                style={{ left: px(rect.x), top: px(rect.y), width: px(rect.width), height: px(rect.height) }}
              />
            ))}
            <div
              className={ticked ? "found-box" : "found-box unticked"}
              data-found-key={field.key}
              style={{ left: px(field.x), top: px(field.y), width: px(box.width), height: px(box.height) }}
            >
              {/* A checkbox's box is too small to carry a label without covering its neighbours'. */}
              {field.type !== "Checkbox" && (
                <span>{intl.formatMessage(messages.highlight, { type: fieldTypeName(intl, field.type) })}</span>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

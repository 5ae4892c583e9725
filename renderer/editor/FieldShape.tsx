import type Konva from "konva";
import { memo } from "react";
import { Group, Rect, Text } from "react-konva";
import type { FieldType } from "../../common/fields";

export interface DrawnField {
  id: string;
  type: FieldType;
  /** The type's name in the window's language, drawn in the box. */
  typeName: string;
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
  /** 1-based group number, drawn as a badge so that groups differ without colour too. */
  groupNumber: number;
  groupLabel: string;
  selected: boolean;
}

/** What a field's box does with the mouse; one object for every field of a stage, which never changes. */
export interface FieldHandlers {
  select(id: string, additive: boolean): void;
  dragStart(id: string, node: Konva.Node): void;
  /** Takes the absolute position Konva proposes (pixels) and answers the one allowed. */
  dragBound(id: string, position: Konva.Vector2d): Konva.Vector2d;
  dragEnd(id: string): void;
  /** The pointer entered (id) or left (null) a field. */
  hover(id: string | null): void;
}

/** The recipient badge sits on the box's top-right corner; beside a box too small to carry it. */
function badgeX(field: DrawnField): number {
  return field.width < 40 ? field.width + 1 : field.width - 11;
}

const sameField = (a: DrawnField, b: DrawnField) =>
  a.id === b.id &&
  a.type === b.type &&
  a.typeName === b.typeName &&
  a.x === b.x &&
  a.y === b.y &&
  a.width === b.width &&
  a.height === b.height &&
  a.color === b.color &&
  a.groupNumber === b.groupNumber &&
  a.groupLabel === b.groupLabel &&
  a.selected === b.selected;

/**
 * One field's box, in points (its layer scales them to pixels), in its group's colour, with its type and
 * group number. Memoised: on a page of hundreds of fields, a change re-renders only the fields it changes.
 */
export const FieldShape = memo(
  function FieldShape({ field, scale, handlers }: { field: DrawnField; scale: number; handlers: FieldHandlers }) {
    return (
      <Group
        id={field.id}
        x={field.x}
        y={field.y}
        draggable
        name="field"
        onMouseDown={(event) => {
          event.cancelBubble = true;
          const additive = event.evt.shiftKey || event.evt.ctrlKey || event.evt.metaKey;
          // Pressing on a field already selected keeps the selection, so that dragging moves all of it.
          if (additive || !field.selected) handlers.select(field.id, additive);
        }}
        onClick={(event) => {
          // A click (Konva sends none after a drag) on one of several selected fields selects it alone.
          const additive = event.evt.shiftKey || event.evt.ctrlKey || event.evt.metaKey;
          if (!additive && field.selected) handlers.select(field.id, false);
        }}
        onDragStart={(event) => handlers.dragStart(field.id, event.target)}
        dragBoundFunc={(position) => handlers.dragBound(field.id, position)}
        onDragEnd={() => handlers.dragEnd(field.id)}
        onMouseEnter={() => handlers.hover(field.id)}
        onMouseLeave={() => handlers.hover(null)}
      >
        <Rect
          width={field.width}
          height={field.height}
          fill={`${field.color}33`}
          stroke={field.color}
          strokeWidth={field.selected ? 2 / scale + 1 : 1}
          dash={field.selected ? undefined : [4, 2]}
          cornerRadius={2}
        />
        {field.type !== "Checkbox" && (
          <Text
            text={field.typeName}
            x={4}
            y={Math.max(1, field.height / 2 - 5)}
            fontSize={9}
            fill="#1c1f24"
            listening={false}
          />
        )}
        <Rect x={badgeX(field)} y={-5} width={12} height={10} cornerRadius={2} fill={field.color} listening={false} />
        <Text
          text={String(field.groupNumber)}
          x={badgeX(field)}
          y={-4}
          width={12}
          align="center"
          fontSize={8}
          fontStyle="bold"
          fill="#ffffff"
          listening={false}
        />
      </Group>
    );
  },
  (before, after) =>
    before.scale === after.scale && before.handlers === after.handlers && sameField(before.field, after.field),
);

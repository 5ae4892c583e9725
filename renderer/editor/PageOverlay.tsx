import { useState } from "react";
import { useIntl } from "react-intl";
import type { DraftField, DraftGroup } from "../../common/draft";
import type { FieldType } from "../../common/fields";
import { type DrawnField, FieldLayer, type Guide } from "./FieldLayer";
import { FieldNameTags } from "./FieldNameTags";
import { fieldTypeName } from "./field-type-names";
import { fieldTypeDragFormat } from "./Palette";
import { boxSize } from "./state/geometry";

interface PageOverlayProps {
  page: number;
  pagePt: { width: number; height: number };
  scale: number;
  fields: DraftField[];
  groups: DraftGroup[];
  selection: string[];
  guides: Guide[];
  placing: FieldType | null;
  onPlace: (type: FieldType, page: number, x: number, y: number) => void;
  onSelect: (id: string, additive: boolean) => void;
  onMarquee: (page: number, rect: { x: number; y: number; width: number; height: number }, additive: boolean) => void;
  onDragStart: (id: string) => void;
  onDragMove: (id: string, x: number, y: number) => { x: number; y: number };
  onDragEnd: (id: string) => void;
}

/** The fields of one page on its Konva stage, and the page as a drop target for palette types. */
export function PageOverlay(props: PageOverlayProps) {
  const intl = useIntl();
  const [hovered, setHovered] = useState<string | null>(null);
  // While fields are carried, their tags would stay behind: none are shown until the drop.
  const [dragging, setDragging] = useState(false);
  const selected = new Set(props.selection);
  const drawn: DrawnField[] = props.fields.map((field) => {
    const index = props.groups.findIndex((group) => group.id === field.groupId);
    const group = props.groups[index];
    return {
      id: field.id,
      type: field.type,
      typeName: fieldTypeName(intl, field.type),
      x: field.x,
      y: field.y,
      ...boxSize(field.type),
      color: group?.color ?? "#888888",
      groupNumber: index + 1,
      groupLabel: group?.label ?? "",
      selected: selected.has(field.id),
    };
  });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged palette items; the keyboard path is the palette's Enter.
    <div
      className={props.placing === null ? "page-overlay" : "page-overlay placing"}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(fieldTypeDragFormat)) event.preventDefault();
      }}
      onDrop={(event) => {
        const type = event.dataTransfer.getData(fieldTypeDragFormat) as FieldType;
        if (type === ("" as FieldType)) return;
        event.preventDefault();
        const bounds = event.currentTarget.getBoundingClientRect();
        const size = boxSize(type);
        // The box is dropped centred under the pointer.
        const x = (event.clientX - bounds.left) / props.scale - size.width / 2;
        const y = (event.clientY - bounds.top) / props.scale - size.height / 2;
        props.onPlace(type, props.page, x, y);
      }}
    >
      <FieldLayer
        page={props.pagePt}
        scale={props.scale}
        fields={drawn}
        guides={props.guides}
        placing={props.placing !== null}
        onPlace={(x, y) => {
          if (props.placing === null) return;
          const size = boxSize(props.placing);
          props.onPlace(props.placing, props.page, x - size.width / 2, y - size.height / 2);
        }}
        onSelect={props.onSelect}
        onMarquee={(rect, additive) => props.onMarquee(props.page, rect, additive)}
        onDragStart={(id) => {
          setDragging(true);
          props.onDragStart(id);
        }}
        onDragMove={props.onDragMove}
        onDragEnd={(id) => {
          setDragging(false);
          props.onDragEnd(id);
        }}
        onHover={setHovered}
      />
      {!dragging && <FieldNameTags fields={drawn} hovered={hovered} scale={props.scale} />}
    </div>
  );
}

import type Konva from "konva";
import { useRef, useState } from "react";
import { Group, Layer, Line, Rect, Stage, Text } from "react-konva";
import type { FieldType } from "../../common/fields";

export interface DrawnField {
  id: string;
  type: FieldType;
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

export interface Guide {
  orientation: "vertical" | "horizontal";
  position: number;
}

interface FieldLayerProps {
  /** Page size in points (as displayed). */
  page: { width: number; height: number };
  /** CSS pixels per point. */
  scale: number;
  fields: DrawnField[];
  guides: Guide[];
  /** A type chosen in the palette: the next click on the page places it. */
  placing: boolean;
  onPlace: (x: number, y: number) => void;
  onSelect: (id: string, additive: boolean) => void;
  onMarquee: (rect: { x: number; y: number; width: number; height: number }, additive: boolean) => void;
  onDragStart: (id: string) => void;
  /** Proposed top-left (points) while dragging; answers where the box may go (snapped, kept on the page). */
  onDragMove: (id: string, x: number, y: number, snap: boolean) => { x: number; y: number };
  onDragEnd: (id: string) => void;
}

/** The recipient badge sits on the box's top-right corner; beside a box too small to carry it. */
function badgeX(field: DrawnField): number {
  return field.width < 40 ? field.width + 1 : field.width - 11;
}

/** One Konva stage over one rendered page: the fields as fixed-size boxes, in points scaled to pixels. */
export function FieldLayer(props: FieldLayerProps) {
  const { page, scale, fields, guides } = props;
  const [marquee, setMarquee] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const additive = useRef(false);

  const pointer = (event: Konva.KonvaEventObject<MouseEvent>) => {
    const position = event.target.getStage()?.getPointerPosition();
    return position === null || position === undefined ? null : { x: position.x / scale, y: position.y / scale };
  };

  return (
    <Stage
      width={page.width * scale}
      height={page.height * scale}
      className="field-stage"
      onMouseDown={(event) => {
        if (event.target !== event.target.getStage()) return;
        const at = pointer(event);
        if (at === null) return;
        if (props.placing) {
          props.onPlace(at.x, at.y);
          return;
        }
        additive.current = event.evt.shiftKey || event.evt.ctrlKey || event.evt.metaKey;
        setMarquee({ x0: at.x, y0: at.y, x1: at.x, y1: at.y });
      }}
      onMouseMove={(event) => {
        if (marquee === null) return;
        const at = pointer(event);
        if (at !== null) setMarquee({ ...marquee, x1: at.x, y1: at.y });
      }}
      onMouseUp={() => {
        if (marquee === null) return;
        const rect = {
          x: Math.min(marquee.x0, marquee.x1),
          y: Math.min(marquee.y0, marquee.y1),
          width: Math.abs(marquee.x1 - marquee.x0),
          height: Math.abs(marquee.y1 - marquee.y0),
        };
        setMarquee(null);
        props.onMarquee(rect, additive.current);
      }}
    >
      <Layer scaleX={scale} scaleY={scale}>
        {fields.map((field) => (
          <Group
            key={field.id}
            x={field.x}
            y={field.y}
            draggable
            name="field"
            onMouseDown={(event) => {
              event.cancelBubble = true;
              props.onSelect(field.id, event.evt.shiftKey || event.evt.ctrlKey || event.evt.metaKey);
            }}
            onDragStart={() => props.onDragStart(field.id)}
            dragBoundFunc={function (this: Konva.Node, position) {
              const allowed = props.onDragMove(field.id, position.x / scale, position.y / scale, true);
              return { x: allowed.x * scale, y: allowed.y * scale };
            }}
            onDragEnd={() => props.onDragEnd(field.id)}
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
                text={field.type}
                x={4}
                y={Math.max(1, field.height / 2 - 5)}
                fontSize={9}
                fill="#1c1f24"
                listening={false}
              />
            )}
            <Rect
              x={badgeX(field)}
              y={-5}
              width={12}
              height={10}
              cornerRadius={2}
              fill={field.color}
              listening={false}
            />
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
        ))}
        {guides.map((guide) => (
          <Line
            key={`${guide.orientation}-${guide.position}`}
            points={
              guide.orientation === "vertical"
                ? [guide.position, 0, guide.position, page.height]
                : [0, guide.position, page.width, guide.position]
            }
            stroke="#d55e00"
            strokeWidth={1 / scale}
            dash={[4 / scale, 3 / scale]}
            listening={false}
          />
        ))}
        {marquee !== null && (
          <Rect
            x={Math.min(marquee.x0, marquee.x1)}
            y={Math.min(marquee.y0, marquee.y1)}
            width={Math.abs(marquee.x1 - marquee.x0)}
            height={Math.abs(marquee.y1 - marquee.y0)}
            stroke="#0072b2"
            strokeWidth={1 / scale}
            fill="#0072b222"
            listening={false}
          />
        )}
      </Layer>
    </Stage>
  );
}

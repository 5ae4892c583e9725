import type Konva from "konva";
import { useMemo, useRef, useState } from "react";
import { Layer, Line, Rect, Stage } from "react-konva";
import { type DrawnField, type FieldHandlers, FieldShape } from "./FieldShape";

export type { DrawnField } from "./FieldShape";

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
  /**
   * Proposed top-left (points) of the grabbed field while dragging; answers where it may go (snapped, and
   * with the rest of the selection kept on its pages).
   */
  onDragMove: (id: string, x: number, y: number) => { x: number; y: number };
  onDragEnd: (id: string) => void;
  /** The field under the pointer, or null. */
  onHover: (id: string | null) => void;
}

/** A field carried by a drag: its node, and where it was in the fields layer. */
interface Carried {
  node: Konva.Group;
  zIndex: number;
  x: number;
  y: number;
}

/**
 * One Konva stage over one rendered page: the fields as fixed-size boxes, in points scaled to pixels.
 * While a drag lasts, the fields it carries (the grabbed one, and the rest of the selection with it) sit on
 * the top layer with the guides, so each frame redraws them alone and not every field of the page.
 */
export function FieldLayer(props: FieldLayerProps) {
  const { page, scale, fields, guides } = props;
  const [marquee, setMarquee] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const additive = useRef(false);
  const latest = useRef(props);
  latest.current = props;
  const fieldsLayer = useRef<Konva.Layer>(null);
  const dragLayer = useRef<Konva.Layer>(null);
  const drag = useRef<{ origin: { x: number; y: number }; carried: Carried[] } | null>(null);

  const handlers = useMemo<FieldHandlers>(
    () => ({
      select: (id, isAdditive) => latest.current.onSelect(id, isAdditive),
      hover: (id) => latest.current.onHover(id),
      dragStart(id, grabbed) {
        const from = fieldsLayer.current;
        const to = dragLayer.current;
        if (from === null || to === null) return;
        const { fields: shown } = latest.current;
        const together = new Set(
          shown.find((field) => field.id === id)?.selected === true
            ? shown.filter((field) => field.selected).map((field) => field.id)
            : [id],
        );
        together.add(id);
        const carried = from
          .getChildren((node) => together.has(node.id()))
          .map((node) => ({ node: node as Konva.Group, zIndex: node.zIndex(), x: node.x(), y: node.y() }))
          .sort((a, b) => a.zIndex - b.zIndex);
        for (const { node } of carried) node.moveTo(to);
        from.batchDraw();
        drag.current = { origin: { x: grabbed.x(), y: grabbed.y() }, carried };
        latest.current.onDragStart(id);
      },
      dragBound(id, position) {
        const now = latest.current.scale;
        const allowed = latest.current.onDragMove(id, position.x / now, position.y / now);
        const carrying = drag.current;
        if (carrying !== null) {
          const dx = allowed.x - carrying.origin.x;
          const dy = allowed.y - carrying.origin.y;
          for (const { node, x, y } of carrying.carried) if (node.id() !== id) node.position({ x: x + dx, y: y + dy });
        }
        return { x: allowed.x * now, y: allowed.y * now };
      },
      dragEnd(id) {
        const carrying = drag.current;
        drag.current = null;
        const home = fieldsLayer.current;
        if (carrying !== null && home !== null) {
          // Back where they were; the state's move, once dispatched, puts them where they now belong.
          for (const { node, zIndex, x, y } of carrying.carried) {
            node.moveTo(home);
            node.zIndex(Math.min(zIndex, home.children.length - 1));
            node.position({ x, y });
          }
          home.batchDraw();
          dragLayer.current?.batchDraw();
        }
        latest.current.onDragEnd(id);
      },
    }),
    [],
  );

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
      <Layer ref={fieldsLayer} scaleX={scale} scaleY={scale}>
        {fields.map((field) => (
          <FieldShape key={field.id} field={field} scale={scale} handlers={handlers} />
        ))}
      </Layer>
      {/* The snapping guides, the marquee, and the fields a drag carries. */}
      <Layer ref={dragLayer} scaleX={scale} scaleY={scale}>
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

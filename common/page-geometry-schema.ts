import { z } from "zod";
import { defineMessages } from "./i18n/define-messages";
import { phrase } from "./i18n/phrase";
import { schemaMessage } from "./schema-words";

const messages = defineMessages({
  pageSize: {
    id: "rules.pageGeometry.pageSize",
    defaultMessage: "a page's width and height must be more than 0 and at most {max, number, ::group-off} points",
    description: "A problem in a draft's file, listed after others (so in lower case, without a full stop).",
  },
});

/**
 * Bounds of a page the app accepts. PDF's own implementation limit is 14,400 points a side (200 inches);
 * these are far wider, so only numbers no real page has are refused (a 400-digit MediaBox width reads as
 * Infinity), and every number stored stays finite through JSON.
 */
export const pageBounds = {
  /** Pages in one document: generous for contracts, and bounding the time and memory one file can take. */
  maxPages: 5000,
  /** Width or height of a page's CropBox, in points. */
  maxSide: 100_000,
  /** Any corner of a page's CropBox, in points from the origin of user space. */
  maxCoordinate: 1_000_000,
} as const;

const Coordinate = z.number().min(-pageBounds.maxCoordinate).max(pageBounds.maxCoordinate);

/**
 * A page's geometry as it is stored (draft.json, the sandbox's state), checked whenever it is read or a PDF is
 * inspected. Apart from coordinates.ts so that the pure geometry loads without zod.
 */
export const PageGeometrySchema = z.object({
  cropBox: z.tuple([Coordinate, Coordinate, Coordinate, Coordinate]).refine(
    ([left, bottom, right, top]) => {
      const width = right - left;
      const height = top - bottom;
      return width > 0 && height > 0 && width <= pageBounds.maxSide && height <= pageBounds.maxSide;
    },
    schemaMessage(phrase(messages.pageSize, { max: pageBounds.maxSide })),
  ),
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
});

import { z } from "zod";

/**
 * A page's geometry as it is stored (draft.json, the sandbox's state), checked whenever it is read.
 * Apart from coordinates.ts so that the pure geometry loads without zod.
 */
export const PageGeometrySchema = z.object({
  cropBox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
});

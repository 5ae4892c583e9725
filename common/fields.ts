import { z } from "zod";
import { fieldTypes } from "./field-boxes";

export { type BoxSize, type FieldType, fieldBoxSizes, fieldTypes, limits } from "./field-boxes";

export const FieldTypeSchema = z.enum(fieldTypes);

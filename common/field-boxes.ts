// Kept free of zod: the final-PDF worker imports these, and every module it loads is memory each worker thread pays.

/** Field types of API-NOTES.md, each with its one fixed box size in PDF points (the API has no width/height). */
export const fieldTypes = ["Signature", "Initials", "Text", "Date", "Checkbox", "Name", "Email"] as const;
export type FieldType = (typeof fieldTypes)[number];

export interface BoxSize {
  width: number;
  height: number;
}

export const fieldBoxSizes: Record<FieldType, BoxSize> = {
  Signature: { width: 160, height: 48 },
  Initials: { width: 72, height: 36 },
  Text: { width: 160, height: 24 },
  Date: { width: 110, height: 24 },
  Name: { width: 160, height: 24 },
  Email: { width: 200, height: 24 },
  Checkbox: { width: 16, height: 16 },
};

/** Limits of the sandbox (API-NOTES.md), which the client also checks before upload. */
export const limits = {
  maxUploadBytes: 50 * 1024 * 1024,
  maxRecipientGroups: 20,
  maxFieldsPerTemplate: 500,
} as const;

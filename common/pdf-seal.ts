import { z } from "zod";

/**
 * What the app says of a downloaded signed PDF's seal (a digital signature over the whole file, such as the
 * sandbox's PAdES seal): whether one covers every byte and verifies, and whether every signature in the file
 * still matches the bytes it covers.
 */
export const PdfSealSummarySchema = z.object({
  /** Digital signatures found in the file (a signer's own and the service's seal alike). */
  signatures: z.number().int().nonnegative(),
  /** The last signature covers the whole file, and its digest and signature verify. */
  sealed: z.boolean(),
  /** No byte changed since any signature was made, and nothing was added after the last. */
  intact: z.boolean(),
  /** The seal's signer (its certificate's subject), when there is one. */
  signerName: z.string().nullable(),
  /** SHA-256 fingerprint of the seal's certificate (colon-separated hex). */
  fingerprint: z.string().nullable(),
});
export type PdfSealSummary = z.infer<typeof PdfSealSummarySchema>;

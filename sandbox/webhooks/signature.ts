import { createHmac } from "node:crypto";

/** `x-webhook-signature`: lowercase hex HMAC-SHA256 of the exact raw body, keyed by the secret. */
export function webhookSignature(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("hex");
}

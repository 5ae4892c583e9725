/** Statuses the sandbox uses (API-NOTES.md); the app shows any other string verbatim. */
export const knownStatuses = ["pending", "partially_signed", "signed", "declined"] as const;

/** A document is finished once its final PDF exists or it was declined: nothing more will happen to it. */
export function isFinished(status: string, finalUrl: string | null | undefined): boolean {
  return (typeof finalUrl === "string" && finalUrl !== "") || status === "declined";
}

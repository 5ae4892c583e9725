/**
 * `text` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (Unicode bidi, UAX #9): a name or an address
 * keeps its own direction inside a sentence of the other one ("Sent to ‏محمد‏ (2)" stays in order). For plain-text
 * places (notifications, native dialogs, the menu); the window uses <bdi> elements instead.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

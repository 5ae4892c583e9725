/** `text` trimmed and ending with a full stop (or the punctuation it already ends with), to run on in prose. */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

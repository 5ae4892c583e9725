/**
 * The date a Date field holds: the day the recipient signs, as `YYYY-MM-DD` in the sandbox's local time zone
 * (the sandbox runs on the recipient's machine). The server decides it; a date a client sends is not used.
 */
export function signingDateOf(now: number): string {
  const date = new Date(now);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

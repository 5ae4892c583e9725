const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "5 minutes ago", "yesterday", or a date for anything older than a week. */
export function formatWhen(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  const minutes = Math.round(seconds / 60);
  const hours = Math.round(minutes / 60);
  const days = Math.round(hours / 24);
  if (Math.abs(seconds) < 45) return "just now";
  if (Math.abs(minutes) < 45) return relative.format(minutes, "minute");
  if (Math.abs(hours) < 22) return relative.format(hours, "hour");
  if (Math.abs(days) < 7) return relative.format(days, "day");
  return absolute.format(then);
}

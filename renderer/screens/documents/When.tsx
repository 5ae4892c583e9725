import { formatWhen } from "../../format/when";

const exact = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "medium" });

/** A moment as "5 minutes ago", with the exact date and time on hover and for assistive technology's <time>. */
export function When({ iso, now }: { iso: string; now: number }) {
  const time = Date.parse(iso);
  return (
    <time dateTime={iso} title={Number.isNaN(time) ? undefined : exact.format(time)}>
      {formatWhen(iso, now)}
    </time>
  );
}

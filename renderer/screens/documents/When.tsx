import { useIntl } from "react-intl";
import { formatWhen } from "../../format/when";

/** A moment as "5 minutes ago", with the exact date and time on hover and for assistive technology's <time>. */
export function When({ iso, now }: { iso: string; now: number }) {
  const intl = useIntl();
  const time = Date.parse(iso);
  return (
    <time
      dateTime={iso}
      title={Number.isNaN(time) ? undefined : intl.formatDate(time, { dateStyle: "full", timeStyle: "medium" })}
    >
      {formatWhen(intl, iso, now)}
    </time>
  );
}

import type { IntlShape } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";

const messages = defineMessages({
  justNow: {
    id: "format.when.justNow",
    defaultMessage: "just now",
    description: "A moment less than a minute ago (or from now), shown alone or after words such as 'queued'.",
  },
});

/** "5 minutes ago", "yesterday", or a date for anything older than a week, in the window's language. */
export function formatWhen(intl: IntlShape, iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  const minutes = Math.round(seconds / 60);
  const hours = Math.round(minutes / 60);
  const days = Math.round(hours / 24);
  if (Math.abs(seconds) < 45) return intl.formatMessage(messages.justNow);
  if (Math.abs(minutes) < 45) return intl.formatRelativeTime(minutes, "minute", { numeric: "auto" });
  if (Math.abs(hours) < 22) return intl.formatRelativeTime(hours, "hour", { numeric: "auto" });
  if (Math.abs(days) < 7) return intl.formatRelativeTime(days, "day", { numeric: "auto" });
  return intl.formatDate(then, { dateStyle: "medium", timeStyle: "short" });
}

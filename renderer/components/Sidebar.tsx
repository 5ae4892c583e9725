import { type IntlShape, useIntl } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";
import type { OutboxSummary } from "../../common/outbox";
import { screenTitles } from "../../common/screen-titles";
import { type ScreenId, screenIds, screenInfo } from "../../common/screens";
import { ScreenIcon } from "./ScreenIcon";

const isMac = navigator.userAgent.includes("Mac");

const messages = defineMessages({
  navigation: { id: "sidebar.navigation", defaultMessage: "Main" },
  shortcut: { id: "sidebar.shortcut", defaultMessage: "Ctrl+{digit}" },
  shortcutMac: { id: "sidebar.shortcutMac", defaultMessage: "⌘{digit}" },
  waiting: {
    id: "sidebar.waiting",
    defaultMessage: "{waiting, number} waiting{failed, plural, =0 {} other {, # failed}}",
    description: "The Outbox item's count in words, for screen readers.",
  },
  itemWithCount: {
    id: "sidebar.itemWithCount",
    defaultMessage: "{title} {shortcut}, {count}",
    description: "What is shown before it, then the count in words: 'Outbox Ctrl+5, 3 waiting'.",
  },
});

interface SidebarProps {
  current: ScreenId;
  onNavigate: (screen: ScreenId) => void;
  /** The active account's outbox: the Outbox item shows how many items wait (none while it is not read). */
  outbox?: OutboxSummary | null;
}

/** "3 waiting, 1 failed": what the Outbox item's count means, for its accessible name. */
function waitingWords(intl: IntlShape, summary: OutboxSummary): string {
  return intl.formatMessage(messages.waiting, { waiting: summary.waiting, failed: summary.failed });
}

export function Sidebar({ current, onNavigate, outbox = null }: SidebarProps) {
  const intl = useIntl();
  const titles = screenTitles(intl);
  return (
    <nav className="sidebar" aria-label={intl.formatMessage(messages.navigation)}>
      <div className="brand" aria-hidden="true">
        <span className="brand-mark">S</span>
        <span className="brand-name">Signdesk</span>
      </div>
      <ul>
        {screenIds.map((screen) => {
          const info = screenInfo[screen];
          const shortcut = intl.formatMessage(isMac ? messages.shortcutMac : messages.shortcut, {
            digit: info.shortcutDigit,
          });
          const count = screen === "outbox" && outbox !== null && outbox.waiting > 0 ? outbox : null;
          return (
            <li key={screen}>
              <button
                type="button"
                className="nav-item"
                aria-current={screen === current ? "page" : undefined}
                aria-keyshortcuts={`Control+${info.shortcutDigit}`}
                // The count in words, after what is shown before it: "Outbox Ctrl+5, 3 waiting".
                aria-label={
                  count === null
                    ? undefined
                    : intl.formatMessage(messages.itemWithCount, {
                        title: titles[screen],
                        shortcut,
                        count: waitingWords(intl, count),
                      })
                }
                onClick={() => onNavigate(screen)}
              >
                <ScreenIcon screen={screen} />
                {/* Spaces between the parts, which the flex layout drops: "Outbox Ctrl+5 2", not "OutboxCtrl+52". */}
                <span className="nav-label">{titles[screen]}</span> <kbd className="nav-shortcut">{shortcut}</kbd>{" "}
                {count !== null && (
                  <span
                    className={count.failed > 0 ? "nav-count nav-count-failed" : "nav-count"}
                    data-testid="outbox-count"
                  >
                    {intl.formatNumber(count.waiting)}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

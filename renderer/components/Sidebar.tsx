import type { OutboxSummary } from "../../common/outbox";
import { type ScreenId, screenIds, screenInfo } from "../../common/screens";
import { ScreenIcon } from "./ScreenIcon";

const shortcutPrefix = navigator.userAgent.includes("Mac") ? "⌘" : "Ctrl+";

interface SidebarProps {
  current: ScreenId;
  onNavigate: (screen: ScreenId) => void;
  /** The active account's outbox: the Outbox item shows how many items wait (none while it is not read). */
  outbox?: OutboxSummary | null;
}

/** "3 waiting, 1 failed": what the Outbox item's count means, for its accessible name. */
function waitingWords(summary: OutboxSummary): string {
  const failed = summary.failed > 0 ? `, ${summary.failed.toLocaleString()} failed` : "";
  return `${summary.waiting.toLocaleString()} waiting${failed}`;
}

export function Sidebar({ current, onNavigate, outbox = null }: SidebarProps) {
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand" aria-hidden="true">
        <span className="brand-mark">S</span>
        <span className="brand-name">Signdesk</span>
      </div>
      <ul>
        {screenIds.map((screen) => {
          const info = screenInfo[screen];
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
                    : `${info.title} ${shortcutPrefix}${info.shortcutDigit}, ${waitingWords(count)}`
                }
                onClick={() => onNavigate(screen)}
              >
                <ScreenIcon screen={screen} />
                {/* Spaces between the parts, which the flex layout drops: "Outbox Ctrl+5 2", not "OutboxCtrl+52". */}
                <span className="nav-label">{info.title}</span>{" "}
                <kbd className="nav-shortcut">
                  {shortcutPrefix}
                  {info.shortcutDigit}
                </kbd>{" "}
                {count !== null && (
                  <span
                    className={count.failed > 0 ? "nav-count nav-count-failed" : "nav-count"}
                    data-testid="outbox-count"
                  >
                    {count.waiting.toLocaleString()}
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

import { type ScreenId, screenIds } from "../../common/screens";
import { screenInfo } from "../screens/screen-info";
import { ScreenIcon } from "./ScreenIcon";

const shortcutPrefix = navigator.userAgent.includes("Mac") ? "⌘" : "Ctrl+";

export function Sidebar({ current, onNavigate }: { current: ScreenId; onNavigate: (screen: ScreenId) => void }) {
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="brand" aria-hidden="true">
        <span className="brand-mark">S</span>
        <span className="brand-name">Signdesk</span>
      </div>
      <ul>
        {screenIds.map((screen) => {
          const info = screenInfo[screen];
          return (
            <li key={screen}>
              <button
                type="button"
                className="nav-item"
                aria-current={screen === current ? "page" : undefined}
                aria-keyshortcuts={`Control+${info.shortcutDigit}`}
                onClick={() => onNavigate(screen)}
              >
                <ScreenIcon screen={screen} />
                <span className="nav-label">{info.title}</span>
                <kbd className="nav-shortcut">
                  {shortcutPrefix}
                  {info.shortcutDigit}
                </kbd>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

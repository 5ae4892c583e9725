import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import "./menu-button.css";

export interface MenuAction {
  label: string;
  onSelect: () => void;
  /** Shown in the danger colour (it removes something). */
  danger?: boolean;
}

interface MenuButtonProps {
  /** The button's visible words, e.g. "More". */
  label: string;
  /** Read after the label by assistive technology only, e.g. " actions for Lease". */
  hiddenLabel?: string;
  actions: readonly MenuAction[];
}

/**
 * A button that opens a menu of actions, as the WAI-ARIA menu button pattern has it: Enter, Space or Down opens it
 * on its first action (Up on its last); Up and Down move through the actions (wrapping), Home and End go to the first
 * and last, Escape closes it and gives the focus back to the button, Tab closes it and moves on. Choosing an action
 * closes the menu and gives the focus back to the button before the action runs (a dialog it opens then takes it).
 */
export function MenuButton({ label, hiddenLabel, actions }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const ids = useId();

  useEffect(() => {
    if (open) menu.current?.querySelectorAll<HTMLElement>("[role='menuitem']")[active]?.focus();
  }, [open, active]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const last = actions.length - 1;

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    openAt(event.key === "ArrowDown" ? 0 : last);
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === "Escape") {
      event.preventDefault();
      // Inside a dialog, Escape closes only the menu.
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") setOpen(false);
  };

  return (
    <div className="menu-button">
      <button
        ref={button}
        type="button"
        id={`${ids}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${ids}-menu` : undefined}
        onClick={() => (open ? setOpen(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {label}
        {hiddenLabel !== undefined && <span className="visually-hidden">{hiddenLabel}</span>}
        <span className="menu-button-chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div
          ref={menu}
          id={`${ids}-menu`}
          role="menu"
          aria-labelledby={`${ids}-button`}
          className="menu"
          onKeyDown={onMenuKey}
          onBlur={(event) => {
            // A click or focus anywhere else closes it (the button's own click toggles it).
            const to = event.relatedTarget;
            if (!(to instanceof Node) || !(menu.current?.contains(to) || button.current?.contains(to))) setOpen(false);
          }}
        >
          {actions.map((action, index) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              className={action.danger === true ? "danger" : undefined}
              onClick={() => {
                close();
                action.onSelect();
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

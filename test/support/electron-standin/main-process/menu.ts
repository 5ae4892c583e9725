import { BrowserWindow } from "./browser-window.ts";

interface MenuItemOptions {
  id?: string;
  label?: string;
  role?: string;
  type?: string;
  accelerator?: string;
  enabled?: boolean;
  visible?: boolean;
  submenu?: MenuItemOptions[] | Menu;
  click?: (item: MenuItem, window: BrowserWindow | undefined, event: object) => void;
}

/** MenuItem: its options as given; `click()` calls the item's click with Electron's arguments. */
export class MenuItem {
  readonly id: string | undefined;
  readonly label: string;
  readonly role: string | undefined;
  readonly type: string;
  readonly accelerator: string | undefined;
  readonly enabled: boolean;
  readonly visible: boolean;
  readonly submenu: Menu | undefined;
  private readonly onClick: MenuItemOptions["click"];

  constructor(options: MenuItemOptions) {
    this.id = options.id;
    this.label = options.label ?? "";
    this.role = options.role;
    this.type = options.type ?? (options.submenu === undefined ? "normal" : "submenu");
    this.accelerator = options.accelerator;
    this.enabled = options.enabled ?? true;
    this.visible = options.visible ?? true;
    this.submenu =
      options.submenu instanceof Menu || options.submenu === undefined
        ? options.submenu
        : Menu.buildFromTemplate(options.submenu);
    this.onClick = options.click;
  }

  click(): void {
    this.onClick?.(this, BrowserWindow.getFocusedWindow() ?? undefined, { triggeredByAccelerator: false });
  }
}

let applicationMenu: Menu | null = null;

export class Menu {
  readonly items: MenuItem[] = [];

  static buildFromTemplate(template: (MenuItemOptions | MenuItem)[]): Menu {
    const menu = new Menu();
    for (const each of template) menu.append(each instanceof MenuItem ? each : new MenuItem(each));
    return menu;
  }

  static setApplicationMenu(menu: Menu | null): void {
    applicationMenu = menu;
  }

  static getApplicationMenu(): Menu | null {
    return applicationMenu;
  }

  append(item: MenuItem): void {
    this.items.push(item);
  }

  getMenuItemById(id: string): MenuItem | null {
    for (const item of this.items) {
      if (item.id === id) return item;
      const inner = item.submenu?.getMenuItemById(id);
      if (inner != null) return inner;
    }
    return null;
  }
}

/** The menu as labels, roles, ids and accelerators: what the stand-in's tests read. */
export function describeMenu(menu: Menu | null): unknown {
  return menu?.items.map((item) => ({
    id: item.id,
    label: item.label,
    role: item.role,
    accelerator: item.accelerator,
    submenu: item.submenu === undefined ? undefined : describeMenu(item.submenu),
  }));
}

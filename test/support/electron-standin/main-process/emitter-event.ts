/** Electron's event object for preventable events: `preventDefault()` and `defaultPrevented`. */
export interface StandinEvent {
  preventDefault(): void;
  readonly defaultPrevented: boolean;
  [key: string]: unknown;
}

export function preventableEvent(fields: Record<string, unknown> = {}): StandinEvent {
  let prevented = false;
  return {
    ...fields,
    preventDefault() {
      prevented = true;
    },
    get defaultPrevented() {
      return prevented;
    },
  };
}

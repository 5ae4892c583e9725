import { type RefObject, useEffect } from "react";

/**
 * Shows `dialog` as a modal while the component is mounted. When it unmounts, the dialog closes and the element that
 * had the focus before (the button that opened it) gets it back.
 */
export function useModal(dialog: RefObject<HTMLDialogElement | null>): void {
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element?.showModal();
    return () => {
      element?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [dialog]);
}

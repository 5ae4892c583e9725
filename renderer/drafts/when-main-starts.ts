/** How long main may wait for page 1 of a new PDF to be drawn before it makes the draft anyway. */
const MAIN_WAITS_AT_MOST_MS = 2000;

/**
 * When main may make the draft of a PDF being opened: once its page 1 is on screen (`shown`), at once
 * should pdf.js fail on it (main then says why), and after MAIN_WAITS_AT_MOST_MS whatever happens. Main
 * reads the whole PDF to make a draft: started together, the two share the machine's cores while the
 * person waits to see the page, and the editor, usable once page 1 is there (the draft is made in the
 * background), is usable no sooner for it.
 */
export function mainMayStart(opening: Promise<unknown>, shown: Promise<void>): Promise<void> {
  return Promise.race([
    shown,
    opening.then(
      () => new Promise<void>(() => {}),
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, MAIN_WAITS_AT_MOST_MS)),
  ]);
}

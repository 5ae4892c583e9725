import { buildAll } from "../../scripts/build.ts";

/** Every suite that loads the app (e2e, electron, the electronegativity check) needs a fresh build. */
export default async function setup(): Promise<void> {
  await buildAll("development");
}

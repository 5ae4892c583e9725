import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { appId } from "../../common/app-identity";

/** Main's AppUserModelID on Windows must be the installer shortcut's, or Windows shows no notification. */
describe("the app's id", () => {
  it("is electron-builder.yml's appId", () => {
    const file = path.resolve(import.meta.dirname, "../../electron-builder.yml");
    const config = z.looseObject({ appId: z.string() }).parse(parse(readFileSync(file, "utf8")));
    expect(config.appId).toBe(appId);
  });
});

import { afterEach, expect, it } from "vitest";
import { type AppHarness, openApp } from "../support/app-harness";
import { describeWith } from "../support/requirements";

describeWith(["chromium", "secret-service"], "light and dark themes follow the system", () => {
  let app: AppHarness | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function shellColours(colorScheme: "light" | "dark") {
    app = await openApp({ colorScheme });
    await app.page.getByTestId("app-version").waitFor();
    return app.page.evaluate(() => {
      const content = getComputedStyle(document.querySelector(".content") as Element);
      const text = getComputedStyle(document.querySelector("h1") as Element);
      return { background: content.backgroundColor, text: text.color };
    });
  }

  it("uses a light background with dark text when the system is light", async () => {
    const { background, text } = await shellColours("light");
    expect(background).toBe("rgb(245, 246, 248)");
    expect(text).toBe("rgb(28, 31, 36)");
  });

  it("uses a dark background with light text when the system is dark", async () => {
    const { background, text } = await shellColours("dark");
    expect(background).toBe("rgb(23, 25, 29)");
    expect(text).toBe("rgb(231, 233, 238)");
  });
});

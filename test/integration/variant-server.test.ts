import { describe, expect, it } from "vitest";
import { createServiceClient } from "../../main/service/client";
import { failure } from "../support/failure";
import { startVariantServer } from "../support/variant-server";

describe("the variant server itself", () => {
  it("answers as documented by default, and refuses a wrong key", async () => {
    const server = await startVariantServer();
    try {
      const client = createServiceClient({ baseUrl: server.url, apiKey: async () => server.key });
      expect(await client.getAllDocuments()).toEqual({ message: expect.any(String), documents: [] });
      const wrong = createServiceClient({ baseUrl: server.url, apiKey: async () => "sk_wrong", maxGetAttempts: 1 });
      expect(await failure(wrong.getAllDocuments())).toMatchObject({
        category: "auth",
        serviceMessage: "Invalid or expired API key.",
      });
    } finally {
      await server.close();
    }
  });
});

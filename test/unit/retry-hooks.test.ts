import { describe, expect, it } from "vitest";
import { withRetries } from "../../main/service/retry";
import { ServiceError } from "../../main/service/service-error";

const refused = new ServiceError({
  category: "network",
  message: "Cannot reach http://127.0.0.1:1: connection refused.",
});

describe("a GET's retries (main/service/retry.ts)", () => {
  it("tell each failed attempt that another follows before waiting, and wait through the given gate", async () => {
    const steps: string[] = [];
    let attempts = 0;
    const answer = await withRetries(
      async () => {
        attempts += 1;
        steps.push(`attempt ${attempts}`);
        if (attempts < 3) throw refused;
        return "answer";
      },
      {
        maxAttempts: 4,
        backoffBaseMs: 500,
        maxRetryAfterMs: 60_000,
        random: () => 1,
        onRetry: (error) => steps.push(`retry after: ${error.message}`),
        wait: async (ms) => {
          steps.push(`wait ${ms}`);
        },
      },
    );
    expect(answer).toBe("answer");
    expect(steps).toEqual([
      "attempt 1",
      `retry after: ${refused.message}`,
      "wait 500",
      "attempt 2",
      `retry after: ${refused.message}`,
      "wait 1000",
      "attempt 3",
    ]);
  });

  it("say nothing of a retry after the last attempt", async () => {
    const retries: string[] = [];
    await expect(
      withRetries(() => Promise.reject(refused), {
        maxAttempts: 2,
        backoffBaseMs: 1,
        maxRetryAfterMs: 60_000,
        onRetry: (error) => retries.push(error.message),
        wait: async () => {},
      }),
    ).rejects.toThrow("connection refused");
    expect(retries).toHaveLength(1);
  });
});

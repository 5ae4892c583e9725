import { describe, expect, it } from "vitest";
import { type NextJob, runInFlight } from "../../main/jobs/run-in-flight";

/** A job the test ends when it chooses (an ordered gate: no timer decides). */
function gatedJobs(count: number) {
  const ends = new Map<number, () => void>();
  const started: number[] = [];
  const run = (job: number) =>
    new Promise<void>((resolve) => {
      started.push(job);
      ends.set(job, resolve);
    });
  const end = async (job: number) => {
    ends.get(job)?.();
    // Lets the runner see the end and ask for the next job.
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
  };
  return { jobs: Array.from({ length: count }, (_, index) => index), started, run, end };
}

describe("the one runner of jobs (main/jobs/run-in-flight.ts)", () => {
  it("starts jobs in order, never more than its limit at once, and ends when every one has", async () => {
    const { jobs, started, run, end } = gatedJobs(6);
    let taken = 0;
    const inFlightSeen: number[] = [];
    let finished = false;
    const done = runInFlight<number>({
      maxInFlight: 2,
      next: async (inFlight) => {
        inFlightSeen.push(inFlight);
        const job = jobs[taken];
        taken += 1;
        return job === undefined ? "done" : { job };
      },
      run,
    }).then(() => {
      finished = true;
    });
    await end(-1);
    expect(started).toEqual([0, 1]);
    await end(1);
    expect(started).toEqual([0, 1, 2]);
    await end(0);
    await end(2);
    await end(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(finished).toBe(false);
    await end(4);
    await end(5);
    await done;
    expect(finished).toBe(true);
    expect(Math.max(...inFlightSeen)).toBe(1);
  });

  it('holds on "wait" until a job in flight ends, and stops on "wait" with none in flight', async () => {
    const { started, run, end } = gatedJobs(0);
    const answers: NextJob<number>[] = [{ job: 10 }, "wait", { job: 11 }, "wait", "wait", { job: 12 }];
    const asked: number[] = [];
    const done = runInFlight<number>({
      maxInFlight: 4,
      next: async (inFlight) => {
        asked.push(inFlight);
        return answers.shift() ?? "done";
      },
      run,
    });
    await end(-1);
    expect(started).toEqual([10]);
    expect(asked).toEqual([0, 1]);
    await end(10);
    expect(started).toEqual([10, 11]);
    await end(11);
    await done;
    // The second "wait" in a row came with nothing in flight, which nothing could end: job 12 was never asked for.
    expect(asked).toEqual([0, 1, 0, 1, 0]);
    expect(started).toEqual([10, 11]);
    expect(answers).toEqual([{ job: 12 }]);
  });
});

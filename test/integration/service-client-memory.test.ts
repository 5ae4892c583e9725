import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { open } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceClient } from "../../main/service/client";
import { contractPdfPerFile, noTimeOut, signature } from "../support/client-fixtures";

const root = path.resolve(import.meta.dirname, "../..");
const contract = contractPdfPerFile();

describe("upload memory", () => {
  let child: ChildProcess;
  let baseUrl: string;
  const key = `sk_test_${randomUUID()}`;

  beforeAll(async () => {
    // The sandbox runs in its own process here, so that only the client's memory is measured.
    child = spawn(
      process.execPath,
      [
        path.join(root, "node_modules/tsx/dist/cli.mjs"),
        "sandbox/cli.ts",
        "--data",
        path.join(contract.dir, "data"),
        "--api-key",
        key,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    baseUrl = await new Promise<string>((resolve, reject) => {
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const found = /listening on (\S+)/.exec(output);
        if (found?.[1] !== undefined) resolve(found[1]);
      });
      child.once("exit", (code) => reject(new Error(`the sandbox exited (${code}): ${output}`)));
    });
  });
  afterAll(async () => {
    if (child?.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });

  it("streams a 20 MB upload with little growth of this process's memory", async () => {
    const big = path.join(contract.dir, "big.pdf");
    await writeBigPdf(big, 20 * 1024 * 1024);
    const client = createServiceClient({ baseUrl, apiKey: async () => key, timers: noTimeOut });
    const input = { fileName: "big.pdf", fields: [[signature("s", 1)]], autoReleaseSignatures: true };
    await client.createNewTemplate({ ...input, file: contract.pdfFile, templateName: "Warm-up" });

    const before = process.memoryUsage.rss();
    let peak = before;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage.rss());
    };
    const sampler = setInterval(sample, 2);
    const started = performance.now();
    let last: [number, number] = [0, 0];
    try {
      const created = await client.createNewTemplate(
        { ...input, file: big, templateName: "Big" },
        {
          onProgress: (sent, total) => {
            sample();
            last = [sent, total];
          },
        },
      );
      expect(created.template_id).toEqual(expect.any(String));
    } finally {
      clearInterval(sampler);
    }
    const growthMb = (peak - before) / 1024 / 1024;
    console.info(
      `20 MB upload: peak RSS growth ${growthMb.toFixed(1)} MB, ${Math.round(performance.now() - started)} ms`,
    );
    expect(last[0]).toBe(last[1]);
    expect(last[1]).toBeGreaterThan(20 * 1024 * 1024);
    expect(growthMb).toBeLessThan(15);
  });
});

/** A valid one-page PDF whose content stream is `streamBytes` of blanks, written without holding it in memory. */
async function writeBigPdf(file: string, streamBytes: number): Promise<void> {
  const handle = await open(file, "w");
  const offsets: number[] = [];
  let offset = 0;
  const put = async (data: string | Buffer) => {
    const bytes = typeof data === "string" ? Buffer.from(data, "latin1") : data;
    await handle.write(bytes);
    offset += bytes.length;
  };
  try {
    await put("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
    const objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    ];
    for (const [index, body] of objects.entries()) {
      offsets.push(offset);
      await put(`${index + 1} 0 obj\n${body}\nendobj\n`);
    }
    offsets.push(offset);
    await put(`4 0 obj\n<< /Length ${streamBytes} >>\nstream\n`);
    const blanks = Buffer.alloc(1024 * 1024, 0x20);
    for (let left = streamBytes; left > 0; left -= blanks.length)
      await put(blanks.subarray(0, Math.min(left, blanks.length)));
    await put("\nendstream\nendobj\n");
    const xref = offset;
    const entries = offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("");
    await put(
      `xref\n0 5\n0000000000 65535 f \n${entries}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    );
  } finally {
    await handle.close();
  }
}

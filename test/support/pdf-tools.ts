/**
 * Poppler and qpdf, independent readers of PDF files, for tests: what they say of a file is what a person's
 * viewer (Evince, Okular, pdf.js aside) and a strict checker say. Each function takes the file's path.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

async function output(command: string, args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(command, args, { maxBuffer: 64 * 1024 * 1024 });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: number };
    return { stdout: failed.stdout ?? "", stderr: failed.stderr ?? "", code: failed.code ?? 1 };
  }
}

/** `qpdf --check`: clean when it exits 0 with no warning (a rebuilt cross-reference table is a warning). */
export async function qpdfCheck(file: string): Promise<{ clean: boolean; report: string }> {
  const { stdout, stderr, code } = await output("qpdf", ["--check", file]);
  const report = `${stdout}${stderr}`;
  const findings = report.replace(/No syntax or stream encoding errors found;[\s\S]*?cannot detect/, "");
  return { clean: code === 0 && !/WARNING|error/i.test(findings), report };
}

/** The file's identifier (the trailer's /ID) as qpdf reads it, in hex, or null when it has none. */
export async function qpdfTrailerId(file: string): Promise<string | null> {
  const { stdout } = await output("qpdf", ["--show-object=trailer", file]);
  return /\/ID \[ (<[0-9a-f]*> <[0-9a-f]*>) \]/.exec(stdout)?.[1] ?? null;
}

export interface PopplerSignature {
  valid: boolean;
  wholeFile: boolean;
  subFilter: string;
  signer: string;
}

/** Every signature `pdfsig` finds, in file order. */
export async function pdfsigSignatures(file: string): Promise<{ signatures: PopplerSignature[]; report: string }> {
  const { stdout, stderr } = await output("pdfsig", [file]);
  const report = `${stdout}${stderr}`;
  const signatures = report
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => ({
      valid: /Signature Validation: Signature is Valid\./.test(block),
      wholeFile: /Total document signed/.test(block),
      subFilter: /Signature Type: (\S+)/.exec(block)?.[1] ?? "",
      signer: /Signer Certificate Common Name: (.*)/.exec(block)?.[1]?.trim() ?? "",
    }));
  return { signatures, report };
}

export async function popplerPageCount(file: string): Promise<number> {
  const { stdout } = await output("pdfinfo", [file]);
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? Number.NaN);
}

export interface PopplerWord {
  page: number;
  text: string;
  /** Displayed coordinates: points from the top-left of the page's CropBox as displayed. */
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words Poppler reads on pages `first` to `last`, with their boxes (`pdftotext -bbox -cropbox`). */
export async function popplerWords(file: string, first: number, last: number): Promise<PopplerWord[]> {
  const { stdout } = await output("pdftotext", [
    "-bbox",
    "-cropbox",
    "-f",
    String(first),
    "-l",
    String(last),
    file,
    "-",
  ]);
  const words: PopplerWord[] = [];
  let page = first - 1;
  for (const line of stdout.split("\n")) {
    if (line.includes("<page ")) page += 1;
    const match = /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">(.*)<\/word>/.exec(line);
    if (match === null) continue;
    const [, xMin, yMin, xMax, yMax, text = ""] = match;
    words.push({
      page,
      text: text
        .replace(/&amp;/g, "&")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"'),
      xMin: Number(xMin),
      yMin: Number(yMin),
      xMax: Number(xMax),
      yMax: Number(yMax),
    });
  }
  return words;
}

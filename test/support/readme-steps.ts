import { readFileSync } from "node:fs";
import path from "node:path";

const readme = path.resolve(import.meta.dirname, "../../README.md");

/** The numbered steps of a README section (`## <title>`), each as one line of text (continuation lines joined). */
export function readmeSteps(title: string, file = readme): string[] {
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(`\n## ${title}\n`);
  if (start === -1) throw new Error(`README.md has no "## ${title}" section`);
  const rest = text.slice(start + title.length + 5);
  const section = rest.slice(0, rest.search(/\n## /) === -1 ? undefined : rest.search(/\n## /));
  const steps: string[] = [];
  for (const line of section.split("\n")) {
    const numbered = /^(\d+)\. (.*)$/.exec(line);
    if (numbered !== null) {
      if (Number(numbered[1]) !== steps.length + 1) throw new Error(`step ${numbered[1]} is out of order`);
      steps.push(numbered[2] ?? "");
    } else if (/^ {3}\S/.test(line) && steps.length > 0) {
      steps[steps.length - 1] += ` ${line.trim()}`;
    }
  }
  return steps;
}

/** What a step names in bold: the app's own words (buttons, links, labels, headings, regions). */
export function boldNames(step: string): string[] {
  return [...step.matchAll(/\*\*(.+?)\*\*/g)].map((match) => match[1] ?? "");
}

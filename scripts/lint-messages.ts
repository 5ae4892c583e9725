import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

/**
 * The lint rule Biome lacks (its noJsxLiterals, on in biome.json, catches only JSX text): words for people written
 * outside a message. In the window: string literals in JSX expressions and in the attributes people read
 * (aria-label, title, placeholder, alt, label…). In main: literal words in a UserError, in a notification, a dialog or
 * a menu item. `npm run lint` runs it; test/checks/messages-lint.test.ts keeps it at zero.
 */
const root = path.resolve(import.meta.dirname, "..");

export interface Unmessaged {
  file: string;
  line: number;
  text: string;
  why: string;
}

const readAttributes = new Set([
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "aria-placeholder",
  "title",
  "placeholder",
  "alt",
  "label",
  "summary",
]);
/** Options of Electron's notifications, dialogs and menu items that people read. */
const shownProperties = new Set([
  "title",
  "body",
  "message",
  "detail",
  "label",
  "checkboxLabel",
  "buttons",
  "subtitle",
]);

/** Not words to translate: the product's name, an example address, an HTML entity ("&lt;"). */
const untranslatable = /Signdesk|https?:\/\/\S+|&[a-z]+;|&#\d+;/g;

/** Words: two letters in a row, in any script (so "·", "…", "%" and "#1" are not words). */
const hasWords = (text: string) => /\p{L}{2,}/u.test(text.replace(untranslatable, ""));

function listFiles(folder: string, test: (file: string) => boolean): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
  return null;
}

/** Literal words anywhere inside `node`'s value (a ternary's branches, an array's items, a concatenation). */
function wordsIn(node: ts.Node): string | null {
  const direct = literalText(node);
  if (direct !== null) return hasWords(direct) ? direct : null;
  if (ts.isConditionalExpression(node)) return wordsIn(node.whenTrue) ?? wordsIn(node.whenFalse);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return wordsIn(node.left) ?? wordsIn(node.right);
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
    return wordsIn(node.right);
  }
  if (ts.isArrayLiteralExpression(node)) {
    for (const element of node.elements) {
      const found = wordsIn(element);
      if (found !== null) return found;
    }
  }
  if (ts.isParenthesizedExpression(node)) return wordsIn(node.expression);
  return null;
}

/** A sentence or a phrase for people: words with a space between, as a label or a message starts or ends. */
const looksLikeProse = (text: string) =>
  hasWords(text) && /\p{L}{2,}\s+\p{L}{2,}/u.test(text) && /^\p{Lu}|[.…:?!]$/u.test(text.trim());

/** Where a string is for developers or the machine: errors thrown for bugs, the console, imports, CSS selectors. */
function isForDevelopers(node: ts.Node): boolean {
  for (let up: ts.Node | undefined = node.parent; up !== undefined; up = up.parent) {
    if (ts.isImportDeclaration(up) || ts.isExportDeclaration(up)) return true;
    if (
      ts.isNewExpression(up) &&
      ts.isIdentifier(up.expression) &&
      /^(Error|TypeError|RangeError)$/.test(up.expression.text)
    ) {
      return true;
    }
    if (ts.isCallExpression(up) && /^console\./.test(up.expression.getText())) return true;
    // The messages themselves, and their descriptions for translators.
    if (ts.isCallExpression(up) && /^(defineMessages|defineMessage)$/.test(up.expression.getText())) return true;
    if (
      ts.isCallExpression(up) &&
      /\.(querySelector|querySelectorAll|closest|matches)$/.test(up.expression.getText())
    ) {
      return true;
    }
    if (ts.isFunctionLike(up) || ts.isSourceFile(up)) return false;
  }
  return false;
}

/** Renderer modules without JSX that still build words: prose in string literals. */
function checkRendererModule(file: string, source: ts.SourceFile, found: Unmessaged[]): void {
  const visit = (node: ts.Node) => {
    const text = literalText(node);
    if (text !== null && looksLikeProse(text) && !isForDevelopers(node)) {
      found.push({
        file,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text,
        why: "prose in a string",
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function checkRenderer(file: string, source: ts.SourceFile, found: Unmessaged[]): void {
  const add = (node: ts.Node, text: string, why: string) =>
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text, why });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) add(node, node.text.trim(), "text in JSX");
    if (ts.isJsxAttribute(node) && node.initializer !== undefined) {
      const name = node.name.getText(source);
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      const words = value === undefined ? null : wordsIn(value);
      if (words !== null && readAttributes.has(name)) add(node, words, `the ${name} attribute`);
    }
    if (
      ts.isJsxExpression(node) &&
      node.expression !== undefined &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const words = wordsIn(node.expression);
      if (words !== null) add(node, words, "a string shown in JSX");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

function checkMain(file: string, source: ts.SourceFile, userErrors: ReadonlySet<string>, found: Unmessaged[]): void {
  const add = (node: ts.Node, text: string, why: string) =>
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text, why });
  const shownPlace = file.startsWith("main/electron/") || file === "main/index.ts";
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && userErrors.has(node.expression.text)) {
      for (const argument of node.arguments ?? []) {
        const words = wordsIn(argument);
        // The first argument of most is a code ("not_found"): codes have no spaces.
        if (words !== null && /\s/.test(words)) add(argument, words, `words in a ${node.expression.text}`);
      }
    }
    if (
      shownPlace &&
      ts.isPropertyAssignment(node) &&
      shownProperties.has(node.name.getText(source)) &&
      wordsIn(node.initializer) !== null
    ) {
      add(node, wordsIn(node.initializer) ?? "", `the ${node.name.getText(source)} people read`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** UserError and every class that extends it, by name, across main and common. */
function userErrorClasses(files: readonly { file: string; source: ts.SourceFile }[]): Set<string> {
  const names = new Set(["UserError"]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const { source } of files) {
      source.forEachChild(function visit(node) {
        if (ts.isClassDeclaration(node) && node.name !== undefined && !names.has(node.name.text)) {
          const base = node.heritageClauses?.flatMap((clause) =>
            clause.types.map((type) => type.expression.getText(source)),
          );
          if (base?.some((name) => names.has(name))) {
            names.add(node.name.text);
            grew = true;
          }
        }
        ts.forEachChild(node, visit);
      });
    }
  }
  return names;
}

export function findUnmessagedWords(): Unmessaged[] {
  const parse = (file: string) =>
    ts.createSourceFile(
      file,
      readFileSync(path.join(root, file), "utf8"),
      ts.ScriptTarget.Latest,
      true,
      file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
  const found: Unmessaged[] = [];
  for (const file of listFiles("renderer", (name) => name.endsWith(".tsx"))) checkRenderer(file, parse(file), found);
  for (const file of listFiles("renderer", (name) => name.endsWith(".ts") && !name.endsWith(".d.ts"))) {
    checkRendererModule(file, parse(file), found);
  }
  const nodeFiles = [
    ...listFiles("main", (name) => name.endsWith(".ts")),
    ...listFiles("common", (name) => name.endsWith(".ts")),
    ...listFiles("node-shared", (name) => name.endsWith(".ts")),
  ].map((file) => ({ file, source: parse(file) }));
  const errors = userErrorClasses(nodeFiles);
  for (const { file, source } of nodeFiles) checkMain(file, source, errors, found);
  return found;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const found = findUnmessagedWords();
  for (const each of found) console.log(`${each.file}:${each.line}: ${each.why}: ${JSON.stringify(each.text)}`);
  console.log(
    found.length === 0 ? "Every word for people is a message." : `${found.length} places with words outside a message.`,
  );
  process.exit(found.length === 0 ? 0 : 1);
}

import ts from "typescript";

/** What a built bundle loads and what it touches that Electron's fuses forbid, read from its syntax tree. */
export interface BundleFacts {
  /** Every module named by an import, an export … from, import() or require() with a literal name. */
  modules: string[];
  /**
   * Forbidden uses found, as `file:line (in function): code`: `process.execPath`, a `fork` call or import,
   * `ELECTRON_RUN_AS_NODE`, `NODE_OPTIONS`.
   */
  forbidden: string[];
}

const forbiddenNames = new Set(["ELECTRON_RUN_AS_NODE", "NODE_OPTIONS"]);

function literal(node: ts.Node | undefined): string | null {
  return node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    ? node.text
    : null;
}

/** Parses one bundle (JavaScript, any module format) and lists its facts. Strings inside code templates are not calls. */
export function scanBundle(fileName: string, code: string): BundleFacts {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const modules: string[] = [];
  const forbidden: string[] = [];
  const where = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    let inside: ts.Node | undefined = node.parent;
    while (inside !== undefined && !ts.isFunctionDeclaration(inside)) inside = inside.parent;
    const fn = inside?.name === undefined ? "" : ` (in ${inside.name.text})`;
    return `${fileName}:${line + 1}${fn}: ${node.getText(source).slice(0, 80)}`;
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined) {
      const name = literal(node.moduleSpecifier);
      if (name !== null) modules.push(name);
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : undefined;
      if (bindings !== undefined && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if ((element.propertyName ?? element.name).getText(source) === "fork") forbidden.push(where(node));
        }
      }
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = literal(node.arguments[0]);
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      // require("x"), or createRequire(import.meta.url)("x") (esbuild may number the name: createRequire2).
      const isRequire =
        (ts.isIdentifier(callee) && callee.text === "require") ||
        (ts.isCallExpression(callee) &&
          ts.isIdentifier(callee.expression) &&
          /^createRequire\d*$/.test(callee.expression.text));
      if ((isImport || isRequire) && name !== null) modules.push(name);
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === "fork") forbidden.push(where(node));
    } else if (ts.isPropertyAccessExpression(node) && node.name.text === "execPath") {
      if (node.expression.getText(source).endsWith("process")) forbidden.push(where(node));
    } else if ((ts.isStringLiteralLike(node) || ts.isIdentifier(node)) && forbiddenNames.has(node.text)) {
      forbidden.push(where(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { modules, forbidden };
}

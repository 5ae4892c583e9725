import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Calls of Electron's promise-returning APIs in `tsconfigFile`'s program whose promise is dropped: the call is a
 * statement of its own (or `void`ed), neither awaited, returned, chained nor stored. Electron reports such a
 * rejection as "A JavaScript error occurred in the main process". Answers `file:line: call` for each.
 */
export function droppedElectronPromises(tsconfigFile: string, relativeTo: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfigFile,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
  );
  if (config === undefined) throw new Error(`${tsconfigFile} could not be read`);
  // Only the files that import Electron can call it (with what they import, type-checked as needed).
  const rootNames = config.fileNames.filter((file) => /from "electron"/.test(readFileSync(file, "utf8")));
  const program = ts.createProgram({ rootNames, options: { ...config.options, noEmit: true } });
  const checker = program.getTypeChecker();
  const found: string[] = [];
  const isFromElectron = (call: ts.CallExpression) => {
    const declaration = checker.getResolvedSignature(call)?.getDeclaration();
    return declaration?.getSourceFile().fileName.includes("/node_modules/electron/") === true;
  };
  const isPromise = (call: ts.CallExpression) => {
    const type = checker.getTypeAtLocation(call);
    return type.getSymbol()?.getName() === "Promise";
  };
  for (const source of program.getSourceFiles()) {
    if (!rootNames.includes(source.fileName)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isExpressionStatement(node)) {
        let expression = node.expression;
        if (ts.isVoidExpression(expression)) expression = expression.expression;
        if (ts.isCallExpression(expression) && isFromElectron(expression) && isPromise(expression)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${path.relative(relativeTo, source.fileName)}:${line + 1}: ${node.getText(source)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/**
 * Import circles are refused in every runtime's code, type-only imports included (a circle of types is still one
 * module that cannot be understood without the other): test/checks/import-circles.test.ts runs this in npm test.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Modules that import each other, directly or around a circle (type-only imports count).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)node_modules/" },
  },
};

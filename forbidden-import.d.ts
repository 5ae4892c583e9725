// Target of the tsconfig `paths` that forbid `electron` and `node:*` in common/ and renderer/.
// This file is deliberately not a module, so such an import fails the type check with TS2306.

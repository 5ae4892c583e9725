import { z } from "zod";

// zod compiles object parsers with `new Function` unless told not to; the page's CSP forbids eval, and
// the attempt alone reports a violation. Imported first by main.tsx, before any schema exists.
z.config({ jitless: true });

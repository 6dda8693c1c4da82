// Imported first by main.tsx. The server's Content-Security-Policy allows no eval; zod would
// probe `new Function` to compile fast parsers, which the browser blocks and reports as a
// violation. Parsing without it is the same parsing, without the probe.
//
// Set without importing zod (decision 0053): `z.config()` here put zod's core (some 9 kB gzip)
// into the entry chunk, before a first screen that validates nothing (the sign-in page's and the
// dashboard's). zod keeps its configuration on this global and adopts one already there when it
// loads (zod/v4/core/core.js: `globalThis.__zod_globalConfig ??= {}`); strict-csp.test.ts checks
// that zod, loaded after, is jitless.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};

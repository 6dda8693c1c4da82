// Imported first by main.tsx. The server's Content-Security-Policy allows no eval; zod would
// probe `new Function` to compile fast parsers, which the browser blocks and reports as a
// violation. Parsing without it is the same parsing, without the probe.
import { z } from "zod";

z.config({ jitless: true });

// zod loaded after strict-csp.ts (as every page's chunk loads it after the entry) parses without
// compiling (jitless), so the strict CSP's blocked `new Function` probe never happens.
import { describe, expect, it } from "vitest";

describe("strict-csp", () => {
  it("makes zod jitless without importing it first", async () => {
    await import("./strict-csp");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
  });
});

// The kept feed bodies' size accounting and eviction order.
import { describe, expect, it } from "vitest";
import { createKeptBodies } from "./kept-bodies";

describe("kept feed bodies", () => {
  it("counts a body kept again under the same ETag by its own length, not the new one's", () => {
    const kept = createKeptBodies(10);
    kept.keep("a", "xxxx");
    kept.keep("a", "yy");
    expect(kept.characters).toBe(2);
    kept.keep("a", "zzzzzz");
    expect(kept.characters).toBe(6);
    // Room for exactly 4 more: nothing is dropped.
    kept.keep("b", "bbbb");
    expect(kept.characters).toBe(10);
    expect(kept.get("a")).toBe("zzzzzz");
    expect(kept.get("b")).toBe("bbbb");
  });

  it("drops the least recently kept bodies past the limit, but never the newest", () => {
    const kept = createKeptBodies(10);
    kept.keep("a", "aaaa");
    kept.keep("b", "bbbb");
    kept.keep("a", "aaaa");
    kept.keep("c", "cccc");
    expect(kept.get("b")).toBeUndefined();
    expect([kept.get("a"), kept.get("c"), kept.characters]).toEqual(["aaaa", "cccc", 8]);
    kept.keep("d", "d".repeat(12));
    expect([kept.get("a"), kept.get("c"), kept.get("d")?.length, kept.characters]).toEqual([
      undefined,
      undefined,
      12,
      12,
    ]);
  });
});

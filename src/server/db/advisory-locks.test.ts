import { describe, expect, it } from "vitest";
import { ADVISORY_LOCKS } from "./advisory-locks";

describe("advisory-lock keys", () => {
  it("gives every lock a key of its own", () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(Number.isInteger(key) && key > 0).toBe(true);
  });
});

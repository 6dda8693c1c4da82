import { describe, expect, it } from "vitest";
import { WRITE_CHECK_EVERY_MS, WRITE_RECHECK_AFTER_REFUSAL_MS, WriteCheck } from "./write-check";

describe("the health check's writes", () => {
  it("write once per interval after a success, and sooner after a refusal", () => {
    let now = new Date("2025-01-01T00:00:00Z").getTime();
    const check = new WriteCheck(() => new Date(now));
    expect(check.fresh()).toBeUndefined();
    const written = check.written();
    now += WRITE_CHECK_EVERY_MS - 1;
    expect(check.fresh()).toBe(written);
    now += 1;
    expect(check.fresh()).toBeUndefined();

    const refused = check.refused("the database's disk is full");
    now += WRITE_RECHECK_AFTER_REFUSAL_MS - 1;
    expect(check.fresh()).toEqual(refused);
    now += 1;
    expect(check.fresh()).toBeUndefined();
    expect(WRITE_RECHECK_AFTER_REFUSAL_MS).toBeLessThan(WRITE_CHECK_EVERY_MS);
  });
});

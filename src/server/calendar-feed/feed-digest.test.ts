// The feed's ETag is a digest of the rows its body is written from: the same rows in another
// order (another query plan) must give the same digest, and any change to a row another one.
import { describe, expect, it } from "vitest";
import { type FeedRows, feedDigest } from "./feed-entries";

const rows = [
  { date: "2026-12-01", kind: "license_expiry", source: "license", n: 5, ids: [1, 2] },
  { date: "2026-12-02", kind: "license_expiry", source: "license", n: 1, ids: [3] },
  { date: "2026-12-02", kind: "warranty_expiry", source: "hardware", n: 1, ids: [9] },
] as unknown as FeedRows["rows"];

describe("feed digest", () => {
  it("does not depend on the order the statements return their rows in", () => {
    expect(feedDigest({ rows: [...rows].reverse(), hosting: false })).toBe(
      feedDigest({ rows, hosting: false }),
    );
  });

  it("changes with a row or with hosting", () => {
    const same = feedDigest({ rows, hosting: false });
    const changed = rows.map((row, i) => (i === 1 ? { ...row, n: 2 } : row));
    expect(feedDigest({ rows: changed, hosting: false })).not.toBe(same);
    expect(feedDigest({ rows, hosting: true })).not.toBe(same);
  });
});

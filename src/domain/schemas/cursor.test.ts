import { describe, expect, it } from "vitest";
import { cursorSchema, decodeCursor, encodeCursor } from "./cursor";

describe("keyset cursors", () => {
  it("decode to the position they were written from, microseconds kept", () => {
    const position = { at: "2026-11-24T21:22:27.123456Z", id: 9_007_199_254_740_991 };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
    expect(cursorSchema.parse(cursor)).toEqual(position);
    expect(cursorSchema.parse("")).toBeUndefined();
  });

  it("refuse what the server could not have written", () => {
    const good = encodeCursor({ at: "2026-11-24T21:22:27.123456Z", id: 3 });
    for (const cursor of [`${good}=`, good.slice(1), "%%", btoa('["x",1]'), "", " "]) {
      expect(decodeCursor(cursor), cursor).toBeNull();
    }
    expect(cursorSchema.safeParse("nope").success).toBe(false);
    expect(cursorSchema.safeParse(5).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  decodeCursor,
  encodeCursor,
  keyPart,
  listCursors,
  nullableKeyPart,
  sortOfCursor,
  withKeyset,
} from "./cursor";

const cursors = listCursors("things", {
  name: [keyPart("text")],
  due: [nullableKeyPart("date"), keyPart("text")],
  cost: [nullableKeyPart("numeric"), keyPart("text")],
  rank: [keyPart("integer")],
  at: [keyPart("timestamptz")],
});
const query = withKeyset(z.object({ sort: z.string() }), cursors);
const base64url = (text: string) => Buffer.from(text).toString("base64url");

describe("keyset cursors", () => {
  it("decode to the position they were written from, in every kind, null and UTF-8 kept", () => {
    const positions = [
      { tag: "things:name", values: ['Ärger 😀 "quoted" ,'], id: 9_007_199_254_740_991 },
      { tag: "things:due", values: ["2024-02-29", "a"], id: 3 },
      { tag: "things:due", values: [null, "a"], id: 3 },
      { tag: "things:cost", values: ["-12.3400000000", "b"], id: 4 },
      { tag: "things:cost", values: [null, ""], id: 4 },
      { tag: "things:rank", values: [-7], id: 5 },
      { tag: "things:at", values: ["2026-11-24T21:22:27.123456Z"], id: 6 },
    ];
    for (const position of positions) {
      const cursor = encodeCursor(position);
      const sort = position.tag.split(":")[1]!;
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(sortOfCursor(cursor, cursors)).toBe(sort);
      expect(decodeCursor(cursor, cursors, sort)).toEqual(position);
      expect(query.safeParse({ sort, after: cursor }).success).toBe(true);
    }
    expect(query.parse({ sort: "name", after: "" }).after).toBeUndefined();
  });

  it("refuse a cursor of another list or sort, of the wrong kinds, or respelled", () => {
    const good = encodeCursor({ tag: "things:due", values: ["2024-03-01", "x"], id: 3 });
    const bad = [
      `${good}=`,
      good.slice(1),
      "%%",
      "",
      " ",
      base64url('["things:due","2024-03-01","x"]'),
      base64url('["things:due","2024-03-01","x",3,4]'),
      base64url('["other:due","2024-03-01","x",3]'),
      base64url('["things:nope","2024-03-01","x",3]'),
      base64url('["things:due","2024-02-30","x",3]'),
      base64url('["things:due","2024-3-01","x",3]'),
      base64url('["things:due","2024-03-01",null,3]'),
      base64url('["things:due","2024-03-01","x",0]'),
      base64url('["things:due","2024-03-01","x",1.5]'),
      base64url('["things:due","2024-03-01","x","3"]'),
      base64url('["things:due","2024-03-01","nul\\u0000","3"]'),
      base64url('["things:cost","1e5","x",3]'),
      base64url('["things:cost","1; drop table","x",3]'),
      base64url('["things:name",null,3]'),
      base64url('["things:rank",1.5,3]'),
      base64url('["things:rank",99999999999999999999,3]'),
      base64url('["things:at","2026-11-24T21:22:27.123Z",3]'),
      base64url('["things:at","2026-11-24T21:22:27.123456+01:00",3]'),
      Buffer.from([0xff, 0xfe]).toString("base64url"),
    ];
    for (const cursor of bad) {
      const sort = sortOfCursor(cursor, cursors);
      expect(sort === undefined || decodeCursor(cursor, cursors, sort) === null, cursor).toBe(true);
      // Blank is no cursor at all (a form's empty field), not a bad one.
      if (cursor !== "")
        expect(query.safeParse({ sort: "due", after: cursor }).success, cursor).toBe(false);
    }
    // A well-formed cursor of another sort of the same list decodes only for its own sort: the
    // server refuses it beside another sort (keysetWindow).
    expect(decodeCursor(good, cursors, "name")).toBeNull();
    expect(query.safeParse({ sort: "due", after: 5 }).success).toBe(false);
  });
});

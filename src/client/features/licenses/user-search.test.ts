import { describe, expect, it } from "vitest";
import { matchesUserSearch } from "./user-search";

const jane = {
  fullName: "Jane Cooper",
  username: "jane",
  email: "Jane.Cooper@Example.com",
  department: "Marketing",
};

describe("matchesUserSearch", () => {
  it("matches every searched field, ignoring case", () => {
    expect(matchesUserSearch(jane, "COOPER")).toBe(true);
    expect(matchesUserSearch(jane, "jan")).toBe(true);
    expect(matchesUserSearch(jane, "cooper@example")).toBe(true);
    expect(matchesUserSearch(jane, "market")).toBe(true);
  });

  it("rejects text found in no field", () => {
    expect(matchesUserSearch(jane, "finance")).toBe(false);
  });

  it("matches everyone for an empty query and tolerates missing fields", () => {
    const bare = { fullName: null, username: "ops", email: null, department: null };
    expect(matchesUserSearch(bare, "  ")).toBe(true);
    expect(matchesUserSearch(bare, "OPS")).toBe(true);
    expect(matchesUserSearch(bare, "x")).toBe(false);
  });
});

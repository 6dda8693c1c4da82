import { describe, expect, it } from "vitest";
import { filterUsers } from "./user-filter";

const people = [
  { username: "jane", fullName: "Jane Cooper", email: "jane@example.com", department: "Design" },
  { username: "bob", fullName: null, email: null, department: "Engineering" },
  { username: "admin", fullName: "Site Admin", email: "it@example.com", department: null },
];

describe("filterUsers", () => {
  it("returns everyone for an empty or blank search", () => {
    expect(filterUsers(people, "")).toHaveLength(3);
    expect(filterUsers(people, "   ")).toHaveLength(3);
  });

  it("matches username, name, e-mail and department case-insensitively", () => {
    expect(filterUsers(people, "JANE").map((p) => p.username)).toEqual(["jane"]);
    expect(filterUsers(people, "cooper").map((p) => p.username)).toEqual(["jane"]);
    expect(filterUsers(people, "it@").map((p) => p.username)).toEqual(["admin"]);
    expect(filterUsers(people, "engineer").map((p) => p.username)).toEqual(["bob"]);
    expect(filterUsers(people, "example.com").map((p) => p.username)).toEqual(["jane", "admin"]);
  });

  it("finds nobody when nothing matches", () => {
    expect(filterUsers(people, "zzz")).toEqual([]);
  });
});

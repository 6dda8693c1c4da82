import { describe, expect, it } from "vitest";
import { listQueryString } from "./list-query-string";

describe("listQueryString", () => {
  it("leaves out blank parameters and trims the others", () => {
    expect(listQueryString({ search: "  ", status: "all", sort: undefined })).toBe("status=all");
    expect(listQueryString({ search: "  adobe & co " })).toBe("search=adobe+%26+co");
  });

  it("adds limit and offset for a page", () => {
    const query = new URLSearchParams(
      listQueryString({ sort: "name" }, { limit: 50, offset: 100 }),
    );
    expect(Object.fromEntries(query)).toEqual({ sort: "name", limit: "50", offset: "100" });
  });
});

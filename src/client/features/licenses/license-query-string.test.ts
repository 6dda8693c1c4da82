import { describe, expect, it } from "vitest";
import { licenseListQueryString } from "./license-query-string";

describe("query strings", () => {
  const params = { search: "", status: "all", sort: "name", order: "asc" } as const;

  it("asks for the whole list without a page", () => {
    const query = new URLSearchParams(licenseListQueryString(params, "2025-06-15"));
    expect(Object.fromEntries(query)).toEqual({
      status: "all",
      sort: "name",
      order: "asc",
      today: "2025-06-15",
    });
  });

  it("adds limit and offset for a page, and a trimmed search when there is one", () => {
    const query = new URLSearchParams(
      licenseListQueryString(
        { search: "  adobe & co ", status: "expiring", sort: "cost", order: "desc" },
        "2025-06-15",
        { limit: 50, offset: 100 },
      ),
    );
    expect(Object.fromEntries(query)).toEqual({
      status: "expiring",
      sort: "cost",
      order: "desc",
      today: "2025-06-15",
      search: "adobe & co",
      limit: "50",
      offset: "100",
    });
  });
});

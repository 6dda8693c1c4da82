import { describe, expect, it } from "vitest";
import { licenseListQueryString, pageAssignmentsQueryString } from "./list-query-string";
import {
  ASSIGNMENT_CARDS_PAGE_SIZE,
  clampPage,
  LICENSES_PAGE_SIZE,
  offsetOf,
  pageCount,
  pageRangeText,
  totalFromHeader,
} from "./pagination";

describe("pageRangeText", () => {
  it("says which rows are on screen, with thousands separated", () => {
    expect(pageRangeText(0, 50, 2000)).toBe("Showing 1–50 of 2,000");
    expect(pageRangeText(50, 50, 2000)).toBe("Showing 51–100 of 2,000");
    expect(pageRangeText(1950, 50, 2000)).toBe("Showing 1,951–2,000 of 2,000");
    expect(pageRangeText(0, 7, 7)).toBe("Showing 1–7 of 7");
    expect(pageRangeText(20_000, 5, 20_005)).toBe("Showing 20,001–20,005 of 20,005");
    expect(pageRangeText(0, 1, 1)).toBe("Showing 1–1 of 1");
  });

  it("says nothing is shown for an empty page", () => {
    expect(pageRangeText(0, 0, 0)).toBe("Showing 0 of 0");
    expect(pageRangeText(100, 0, 60)).toBe("Showing 0 of 60");
  });
});

describe("page arithmetic", () => {
  it("counts pages, at least one", () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(1, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(2000, LICENSES_PAGE_SIZE)).toBe(40);
    expect(pageCount(41, ASSIGNMENT_CARDS_PAGE_SIZE)).toBe(3);
  });

  it("turns a page number into the offset of its first row", () => {
    expect(offsetOf(1, 50)).toBe(0);
    expect(offsetOf(2, 50)).toBe(50);
    expect(offsetOf(3, 20)).toBe(40);
  });

  it("moves a page past the end back to the last page", () => {
    expect(clampPage(3, 101, 50)).toBe(3);
    expect(clampPage(3, 100, 50)).toBe(2);
    expect(clampPage(5, 0, 50)).toBe(1);
    expect(clampPage(0, 10, 50)).toBe(1);
  });
});

describe("totalFromHeader", () => {
  it("reads X-Total-Count", () => {
    expect(totalFromHeader("2000", 0, 50)).toBe(2000);
    expect(totalFromHeader("0", 0, 0)).toBe(0);
  });

  it("falls back to the rows read so far without a usable header", () => {
    expect(totalFromHeader(null, 50, 20)).toBe(70);
    expect(totalFromHeader("", 0, 3)).toBe(3);
    expect(totalFromHeader("many", 0, 3)).toBe(3);
    expect(totalFromHeader("-1", 0, 3)).toBe(3);
    expect(totalFromHeader("2.5", 0, 3)).toBe(3);
  });
});

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

  it("asks only for the active seats of the licenses on the page", () => {
    expect(pageAssignmentsQueryString([3, 17, 42])).toBe("licenseIds=3,17,42&active=true");
  });
});

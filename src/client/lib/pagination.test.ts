import { describe, expect, it } from "vitest";
import {
  clampPage,
  isNewSearchLoading,
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

  it("says 'about' an estimated total, to three significant figures", () => {
    expect(pageRangeText(0, 50, 1_000_006, true)).toBe("Showing 1–50 of about 1,000,000");
    expect(pageRangeText(50, 50, 1_234_567, true)).toBe("Showing 51–100 of about 1,230,000");
    expect(pageRangeText(0, 50, 100_049, true)).toBe("Showing 1–50 of about 100,000");
    expect(pageRangeText(0, 50, 987, true)).toBe("Showing 1–50 of about 987");
    // Never fewer than the rows on screen.
    expect(pageRangeText(1_234_550, 50, 1_234_601, true)).toBe(
      "Showing 1,234,551–1,234,600 of about 1,234,600",
    );
    // Not estimated: the exact figure, as before.
    expect(pageRangeText(0, 50, 1_000_006, false)).toBe("Showing 1–50 of 1,000,006");
  });
});

describe("page arithmetic", () => {
  it("counts pages, at least one", () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(1, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(2000, 50)).toBe(40);
    expect(pageCount(41, 20)).toBe(3);
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

describe("isNewSearchLoading", () => {
  const params = { search: "adobe" };
  const loading = { isFetching: true, isPending: false };

  it("is true while rows read with other params are on screen and new ones are on their way", () => {
    expect(isNewSearchLoading({ ...loading, data: { params: { search: "ado" } } }, params)).toBe(
      true,
    );
  });

  it("is false for a page turn or refresh, the first load, and when nothing is fetched", () => {
    expect(isNewSearchLoading({ ...loading, data: { params } }, params)).toBe(false);
    expect(isNewSearchLoading({ isFetching: true, isPending: true }, params)).toBe(false);
    expect(
      isNewSearchLoading(
        { isFetching: false, isPending: false, data: { params: { search: "" } } },
        params,
      ),
    ).toBe(false);
  });
});

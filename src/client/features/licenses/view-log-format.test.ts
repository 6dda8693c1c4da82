import { describe, expect, it } from "vitest";
import { browserName, newestFirst, orUnknown } from "./view-log-format";

describe("browserName", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
      "Chrome",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/139.0.0.0 Safari/537.36",
      "Chrome",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0 Chrome/120.0 Safari/537.36",
      "Chrome",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0", "Firefox"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15",
      "Safari",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
      "Edge",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 OPR/105.0",
      "Unknown Browser",
    ],
    ["curl/8.4.0", "Unknown Browser"],
  ])("names %s as %s", (userAgent, expected) => {
    expect(browserName(userAgent)).toBe(expected);
  });

  it("says Unknown without a user agent", () => {
    expect(browserName(null)).toBe("Unknown");
    expect(browserName(undefined)).toBe("Unknown");
    expect(browserName("   ")).toBe("Unknown");
  });
});

describe("orUnknown", () => {
  it("keeps a value and replaces a missing or blank one", () => {
    expect(orUnknown("203.0.113.9")).toBe("203.0.113.9");
    expect(orUnknown(null)).toBe("Unknown");
    expect(orUnknown(undefined)).toBe("Unknown");
    expect(orUnknown(" ")).toBe("Unknown");
  });
});

describe("newestFirst", () => {
  it("orders by time, newest first, with unreadable dates last in their original order", () => {
    const entries = [
      { id: 1, viewedAt: "2025-01-01T10:00:00.000Z" },
      { id: 2, viewedAt: "garbage" },
      { id: 3, viewedAt: "2025-03-01T10:00:00.000Z" },
      { id: 4, viewedAt: null },
      { id: 5, viewedAt: "2025-02-01T10:00:00.000Z" },
    ];
    expect(newestFirst(entries).map((entry) => entry.id)).toEqual([3, 5, 1, 2, 4]);
    // The input is left as it was.
    expect(entries.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

// A link on another site must not act as the signed-in person (issue 27): a GET that writes an
// activity record (every export) is refused when the browser says another site started it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityMark, activitySince } from "../../../tests/support/activity";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
});
afterAll(() => t.close());

/** The records written since the mark, waiting a little: an export logs when its download ends. */
async function recordsAfter(mark: number, expectSome: boolean) {
  // expectSome: wait until one shows (up to half a second); otherwise read once.
  for (let attempt = 0; attempt < 20; attempt++) {
    const records = await activitySince(t.app.db, mark);
    if (records.length > 0 || !expectSome) return records;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return activitySince(t.app.db, mark);
}

const exportAs = (fetchSite: string | undefined) =>
  t.request({
    method: "GET",
    url: "/api/licenses/export?format=csv",
    cookie: adminCookie,
    headers: fetchSite ? { "sec-fetch-site": fetchSite } : {},
  });

describe("a logged read started by another site", () => {
  it("is refused, and nothing is recorded", async () => {
    for (const fetchSite of ["cross-site", "same-site"]) {
      const mark = await activityMark(t.app.db);
      const response = await exportAs(fetchSite);
      expect(response.statusCode, fetchSite).toBe(403);
      expect(response.json()).toMatchObject({ code: "FORBIDDEN" });
      // Given time to appear, had the export run.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await recordsAfter(mark, false), fetchSite).toEqual([]);
    }
  });

  it("from the app's own links, a typed address or a script is answered and recorded", async () => {
    for (const fetchSite of ["same-origin", "none", undefined]) {
      const mark = await activityMark(t.app.db);
      const response = await exportAs(fetchSite);
      expect(response.statusCode, String(fetchSite)).toBe(200);
      const records = await recordsAfter(mark, true);
      expect(records.map((record) => record.action)).toEqual(["export"]);
    }
  });

  it("writes no record on any GET route of the API", async () => {
    const reads = t.app.apiRoutes.filter((route) => route.method === "GET");
    const start = await activityMark(t.app.db);
    for (const route of reads) {
      const path = route.url.replace(/:[A-Za-z]+/g, "1");
      const url = path.includes("export") ? `${path}?format=csv` : path;
      const response = await t.request({
        method: "GET",
        url,
        cookie: adminCookie,
        headers: { "sec-fetch-site": "cross-site" },
      });
      expect(response.statusCode, url).toBeLessThan(500);
    }
    // Exports write their record once the download has ended, after the answer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const records = await activitySince(t.app.db, start);
    expect(records.map((record) => `${record.action} ${record.area}`)).toEqual([]);
    expect(reads.length).toBeGreaterThan(50);
  });
});

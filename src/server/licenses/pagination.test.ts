// Paged license lists (limit/offset with X-Total-Count) and the assignment filters a page uses
// (licenseIds, active). Without limit and offset the lists stay whole arrays, as the spec's
// client reads them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { addDays } from "../../domain/dates";
import type { AssignmentResponse, LicenseResponse } from "../../domain/schemas/licenses";
import { LIMIT_MESSAGE, OFFSET_MESSAGE } from "../../domain/schemas/paging";
import { assignmentsInPages } from "./assignments-service";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let holder: { user: { id: number }; cookie: string };
let other: { user: { id: number }; cookie: string };

const TODAY = "2025-06-15";
// 'Pg' rows: 9 licenses, with repeated names and costs, so only the id breaks some ties.
const created: LicenseResponse[] = [];
const heldIds: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  holder = await t.signedInUser();
  other = await t.signedInUser();
  const rows: [string, number, number | null, string][] = [
    ["Pg Alpha", 40, 10, "KEY-PGA-0001"],
    ["Pg Bravo", -5, 10, "KEY-PGB-0002"],
    ["Pg Bravo", 10, 10, "KEY-PGB-0003"],
    ["Pg Bravo", 10, 10, "KEY-PGB-0004"],
    ["Pg Charlie", 90, null, "KEY-PGC-0005"],
    ["Pg Delta", 20, 55, "NEEDLE-PGD-0006"],
    ["Pg Echo", -30, 10, "NEEDLE-PGE-0007"],
    ["Pg Foxtrot", 200, 0, "NEEDLE-PGF-0008"],
    ["Pg Golf", 5, 10, "KEY-PGG-0009"],
  ];
  for (const [name, days, paymentAmount, licenseKey] of rows) {
    created.push(
      await createLicenseViaApi(t, admin.cookie, {
        name,
        licenseKey,
        paymentAmount,
        paymentFrequency: "monthly",
        expiryDate: addDays(TODAY, days),
      }),
    );
  }
  // Licenses no 'Pg' search finds, so every search below also shows the filter at work.
  await createLicenseViaApi(t, admin.cookie, { name: "Unrelated One" });
  await createLicenseViaApi(t, admin.cookie, { name: "Unrelated Two" });
  for (const license of [created[0]!, created[2]!, created[5]!, created[8]!]) {
    await assignViaApi(t, admin.cookie, license.id, holder.user.id);
    heldIds.push(license.id);
  }
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });

async function list(url: string, cookie = admin.cookie) {
  const response = await get(url, cookie);
  expect(response.statusCode, response.body).toBe(200);
  const header = response.headers["x-total-count"];
  return {
    ids: (response.json() as LicenseResponse[]).map((license) => license.id),
    body: response.json() as LicenseResponse[],
    total: header === undefined ? undefined : Number(header),
  };
}

/** Every page of `query` at `limit` rows, concatenated, with the total each page reported. */
async function allPages(path: string, query: string, limit: number, cookie = admin.cookie) {
  const ids: number[] = [];
  const totals = new Set<number | undefined>();
  for (let offset = 0; offset < 50; offset += limit) {
    const page = await list(`${path}?${query}&limit=${limit}&offset=${offset}`, cookie);
    totals.add(page.total);
    expect(page.ids.length).toBeLessThanOrEqual(limit);
    ids.push(...page.ids);
    if (page.ids.length < limit) break;
  }
  return { ids, totals: [...totals] };
}

function fieldErrors(response: { json(): unknown }) {
  const body = response.json() as { errors?: { path: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((error) => [error.path, error.message]));
}

describe("GET /api/licenses with limit and offset", () => {
  it("returns the whole array and no total without them, as before", async () => {
    const whole = await list(`/api/licenses?search=pg&today=${TODAY}`);
    expect(whole.ids).toHaveLength(9);
    expect(whole.total).toBeUndefined();
  });

  it("returns one page of the ordered list and the number of matching rows", async () => {
    const whole = await list(`/api/licenses?search=pg&today=${TODAY}`);
    const first = await list(`/api/licenses?search=pg&today=${TODAY}&limit=4`);
    expect(first.ids).toEqual(whole.ids.slice(0, 4));
    expect(first.total).toBe(9);
    const second = await list(`/api/licenses?search=pg&today=${TODAY}&limit=4&offset=4`);
    expect(second.ids).toEqual(whole.ids.slice(4, 8));
    expect(second.total).toBe(9);
    const last = await list(`/api/licenses?search=pg&today=${TODAY}&limit=4&offset=8`);
    expect(last.ids).toEqual(whole.ids.slice(8));
    const past = await list(`/api/licenses?search=pg&today=${TODAY}&limit=4&offset=40`);
    expect(past).toMatchObject({ ids: [], total: 9 });
    // Pages carry the same seat counts as the whole list.
    expect(first.body).toEqual(whole.body.slice(0, 4));
  });

  it("counts every license when nothing narrows the list", async () => {
    const page = await list("/api/licenses?limit=1");
    expect(page.ids).toHaveLength(1);
    expect(page.total).toBe(11);
  });

  it("reads an offset alone from there to the end, with the total", async () => {
    const whole = await list(`/api/licenses?search=pg`);
    const rest = await list(`/api/licenses?search=pg&offset=6`);
    expect(rest.ids).toEqual(whole.ids.slice(6));
    expect(rest.total).toBe(9);
  });

  it.each([
    "sort=name&order=asc",
    "sort=name&order=desc",
    "sort=expiryDate&order=asc",
    "sort=expiryDate&order=desc",
    "sort=cost&order=asc",
    "sort=cost&order=desc",
  ])("pages %s without repeating or skipping a row, ties included", async (order) => {
    const query = `search=pg&today=${TODAY}&${order}`;
    const whole = await list(`/api/licenses?${query}`);
    for (const limit of [1, 2, 4]) {
      const paged = await allPages("/api/licenses", query, limit);
      expect(paged.ids).toEqual(whole.ids);
      expect(paged.totals).toEqual([9]);
    }
  });

  it("counts only the rows the status filter and the search let through", async () => {
    // Expiring: 0 to 30 days left (Bravo +10 twice, Delta +20, Golf +5).
    const expiring = await list(`/api/licenses?search=pg&status=expiring&today=${TODAY}&limit=2`);
    expect(expiring.total).toBe(4);
    const expiringWhole = await list(`/api/licenses?search=pg&status=expiring&today=${TODAY}`);
    expect(expiringWhole.ids).toHaveLength(4);
    expect(expiring.ids).toEqual(expiringWhole.ids.slice(0, 2));
    const expired = await list(`/api/licenses?search=pg&status=expired&today=${TODAY}&limit=10`);
    expect(expired.total).toBe(2);
    expect(expired.ids).toHaveLength(2);
    // The key search, paged: three keys contain 'needle'.
    const byKey = await list("/api/licenses?search=needle&sort=cost&order=desc&limit=2");
    expect(byKey.total).toBe(3);
    expect(byKey.body.map((license) => license.name)).toEqual(["Pg Delta", "Pg Echo"]);
    const byKeyRest = await list(
      "/api/licenses?search=needle&sort=cost&order=desc&limit=2&offset=2",
    );
    expect(byKeyRest).toMatchObject({ total: 3 });
    expect(byKeyRest.body.map((license) => license.name)).toEqual(["Pg Foxtrot"]);
    const none = await list("/api/licenses?search=zz-no-such-license&limit=5");
    expect(none).toMatchObject({ ids: [], total: 0 });
  });

  it("pages an ordinary user's own licenses only, through either route", async () => {
    const mine = await list("/api/licenses?limit=3", holder.cookie);
    expect(mine.total).toBe(4);
    expect(mine.ids).toHaveLength(3);
    const rest = await list("/api/licenses?limit=3&offset=3", holder.cookie);
    expect([...mine.ids, ...rest.ids].sort((a, b) => a - b)).toEqual(
      [...heldIds].sort((a, b) => a - b),
    );
    const viaUser = await list(`/api/users/${holder.user.id}/licenses?limit=2`, holder.cookie);
    expect(viaUser.total).toBe(4);
    expect(viaUser.ids).toEqual(mine.ids.slice(0, 2));
    const byAdmin = await list(`/api/users/${holder.user.id}/licenses?limit=10`, admin.cookie);
    expect(byAdmin.total).toBe(4);
    // Another user's key search finds nothing and counts nothing.
    const theirs = await list("/api/licenses?search=needle&limit=5", other.cookie);
    expect(theirs).toMatchObject({ ids: [], total: 0 });
    const held = await list("/api/licenses?search=needle&limit=5", holder.cookie);
    expect(held.total).toBe(1);
  });

  it("keeps the role rules of the paged routes", async () => {
    expect((await get("/api/licenses?limit=5")).statusCode).toBe(401);
    const otherUsers = await get(`/api/users/${holder.user.id}/licenses?limit=5`, other.cookie);
    expect(otherUsers.statusCode).toBe(403);
    expect(otherUsers.headers["x-total-count"]).toBeUndefined();
  });

  it.each([
    ["limit=0", "limit", "Limit must be a whole number from 1 to 500"],
    ["limit=501", "limit", "Limit must be a whole number from 1 to 500"],
    ["limit=abc", "limit", "Limit must be a whole number from 1 to 500"],
    ["limit=2.5", "limit", "Limit must be a whole number from 1 to 500"],
    ["limit=-1", "limit", "Limit must be a whole number from 1 to 500"],
    ["limit=1e2", "limit", "Limit must be a whole number from 1 to 500"],
    ["limit=5&limit=6", "limit", "Limit must be a whole number from 1 to 500"],
    ["offset=-1", "offset", "Offset must be a whole number from 0 to 2147483647"],
    ["offset=ten", "offset", "Offset must be a whole number from 0 to 2147483647"],
    ["offset=99999999999999999999", "offset", "Offset must be a whole number from 0 to 2147483647"],
  ])("answers ?%s with 400 and a message on %s", async (query, path, message) => {
    for (const url of [
      `/api/licenses?${query}`,
      `/api/users/${holder.user.id}/licenses?${query}`,
    ]) {
      const response = await get(url, admin.cookie);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(message);
      expect(fieldErrors(response)).toEqual({ [path]: message });
    }
  });

  it("accepts the largest page", async () => {
    const page = await list("/api/licenses?limit=500&offset=0");
    expect(page.total).toBe(11);
    expect(page.ids).toHaveLength(11);
  });
});

describe("GET /api/assignments with licenseIds and active", () => {
  let ended: AssignmentResponse;
  let pageIds: number[];

  beforeAll(async () => {
    const endedSeat = await assignViaApi(t, admin.cookie, created[1]!.id, other.user.id);
    const response = await t.request({
      method: "PATCH",
      url: `/api/assignments/${endedSeat.id}/deactivate`,
      cookie: admin.cookie,
    });
    ended = response.json() as AssignmentResponse;
    await assignViaApi(t, admin.cookie, created[1]!.id, holder.user.id);
    await assignViaApi(t, admin.cookie, created[3]!.id, other.user.id);
    pageIds = [created[0]!.id, created[1]!.id, created[2]!.id];
  });

  const assignments = async (query: string) => {
    const response = await get(`/api/assignments?${query}`, admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AssignmentResponse[];
  };

  it("gives only the assignments of the licenses named", async () => {
    const all = await assignments("");
    const rows = await assignments(`licenseIds=${pageIds.join(",")}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(all.filter((row) => pageIds.includes(row.licenseId)));
    expect(rows.map((row) => row.id)).toContain(ended.id);
    // Spaces, repeats and the parameter given twice are all read the same way.
    expect(await assignments(`licenseIds=${pageIds[0]}, ${pageIds[1]},${pageIds[1]}`)).toEqual(
      all.filter((row) => row.licenseId === pageIds[0] || row.licenseId === pageIds[1]),
    );
    expect(await assignments(`licenseIds=${pageIds[0]}&licenseIds=${pageIds[2]}`)).toEqual(
      all.filter((row) => row.licenseId === pageIds[0] || row.licenseId === pageIds[2]),
    );
    expect(await assignments("licenseIds=999999")).toEqual([]);
  });

  it("gives only active (or only ended) assignments with active=true (false)", async () => {
    const all = await assignments("");
    expect(await assignments("active=true")).toEqual(all.filter((row) => row.isActive));
    expect(await assignments("active=false")).toEqual(all.filter((row) => !row.isActive));
    const pageActive = await assignments(`licenseIds=${pageIds.join(",")}&active=true`);
    expect(pageActive).toEqual(
      all.filter((row) => row.isActive && pageIds.includes(row.licenseId)),
    );
    expect(pageActive.map((row) => row.id)).not.toContain(ended.id);
    expect(pageActive.map((row) => row.licenseId).sort()).toEqual(
      [created[0]!.id, created[1]!.id, created[2]!.id].sort(),
    );
    // Combined with the older single-license filter.
    expect(await assignments(`licenseId=${pageIds[1]}&licenseIds=${pageIds.join(",")}`)).toEqual(
      all.filter((row) => row.licenseId === pageIds[1]),
    );
  });

  it("gives a page newest first with the total, or the whole list without limit or offset", async () => {
    const all = await assignments("");
    expect(all.length).toBeGreaterThan(3);
    const createdOrder = [...all].sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
    );
    expect(all).toEqual(createdOrder);
    expect((await get("/api/assignments", admin.cookie)).headers["x-total-count"]).toBeUndefined();

    const first = await get("/api/assignments?limit=2", admin.cookie);
    expect(first.json()).toEqual(all.slice(0, 2));
    expect(first.headers["x-total-count"]).toBe(String(all.length));
    const second = await get("/api/assignments?limit=2&offset=2&withTotal=false", admin.cookie);
    expect(second.json()).toEqual(all.slice(2, 4));
    expect(second.headers["x-total-count"]).toBeUndefined();

    const active = all.filter((row) => row.isActive);
    const activePage = await get("/api/assignments?active=true&limit=1&offset=1", admin.cookie);
    expect(activePage.json()).toEqual(active.slice(1, 2));
    expect(activePage.headers["x-total-count"]).toBe(String(active.length));
  });

  it("reads the whole list for an export by keyset, page after page: the same rows in order", async () => {
    const readAll = async (filter: Parameters<typeof assignmentsInPages>[1]) => {
      const pages: AssignmentResponse[][] = [];
      for await (const page of assignmentsInPages(t.app.db, filter, 2)) pages.push(page);
      expect(pages.every((page) => page.length > 0 && page.length <= 2)).toBe(true);
      return pages.flat();
    };
    const all = await assignments("");
    expect(all.length).toBeGreaterThan(4);
    expect(await readAll({ unusedAfterDays: 60 })).toEqual(all);
    expect(await readAll({ active: true, unusedAfterDays: 60 })).toEqual(
      all.filter((row) => row.isActive),
    );
    expect(await readAll({ licenseIds: pageIds, unusedAfterDays: 60 })).toEqual(
      all.filter((row) => pageIds.includes(row.licenseId)),
    );
  });

  it("accepts 500 license ids", async () => {
    const ids = Array.from({ length: 500 }, (_, i) => i + 1);
    const response = await get(`/api/assignments?licenseIds=${ids.join(",")}`, admin.cookie);
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ["licenseIds=abc", "licenseIds must be license ids separated by commas"],
    ["licenseIds=", "licenseIds must be license ids separated by commas"],
    ["licenseIds=1,,2", "licenseIds must be license ids separated by commas"],
    ["licenseIds=0", "licenseIds must be license ids separated by commas"],
    ["licenseIds=-3", "licenseIds must be license ids separated by commas"],
    ["licenseIds=1.5", "licenseIds must be license ids separated by commas"],
    ["licenseIds=99999999999", "licenseIds must be license ids separated by commas"],
    [
      `licenseIds=${Array.from({ length: 501 }, (_, i) => i + 1).join(",")}`,
      "licenseIds can name at most 500 licenses",
    ],
    ["active=yes", "active must be true or false"],
    ["limit=0", LIMIT_MESSAGE],
    ["offset=-1", OFFSET_MESSAGE],
  ])("answers ?%s with 400: %s", async (query, message) => {
    const response = await get(`/api/assignments?${query}`, admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it("stays for administrators only", async () => {
    const query = `licenseIds=${heldIds.join(",")}&active=true`;
    expect((await get(`/api/assignments?${query}`)).statusCode).toBe(401);
    expect((await get(`/api/assignments?${query}`, holder.cookie)).statusCode).toBe(403);
  });
});

describe("GET /api/assignments/of-license-page", () => {
  const pageOf = async (query: string, cookie = admin.cookie) => {
    const response = await get(`/api/assignments/of-license-page?${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AssignmentResponse[];
  };
  const idsOfPage = async (query: string) =>
    ((await get(`/api/licenses?${query}`, admin.cookie)).json() as LicenseResponse[]).map(
      (license) => license.id,
    );

  it("gives the active seats of exactly the licenses the same list query shows", async () => {
    const all = (
      await get("/api/assignments?active=true", admin.cookie)
    ).json() as AssignmentResponse[];
    let seatsSeen = 0;
    for (const query of [
      `sort=name&order=asc&limit=3&offset=0&today=${TODAY}`,
      `sort=name&order=asc&limit=3&offset=3&today=${TODAY}`,
      `search=needle&sort=cost&order=desc&limit=2&today=${TODAY}`,
      `status=expired&limit=50&today=${TODAY}`,
    ]) {
      const ids = await idsOfPage(query);
      const seats = await pageOf(query);
      expect(seats, query).toEqual(all.filter((row) => ids.includes(row.licenseId)));
      expect(seats.every((row) => row.isActive)).toBe(true);
      seatsSeen += seats.length;
    }
    expect(seatsSeen).toBeGreaterThan(0);
    expect(await pageOf("search=no-such-license-anywhere&limit=50")).toEqual([]);
  });

  it("is for administrators only and checks the query like the list", async () => {
    const forbidden = await get("/api/assignments/of-license-page?limit=5", holder.cookie);
    expect(forbidden.statusCode).toBe(403);
    const bad = await get("/api/assignments/of-license-page?limit=0", admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Limit must be a whole number from 1 to 500");
  });
});

// The license list's range of expiry dates (expiryFrom / expiryTo, both included; decision 0053):
// the calendar feed's event for a day's many expiries links to the list narrowed so. A person
// sees only their own licenses within it; the list's export takes the same filter; a date that is
// not one is a 400 with a code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let holder: { user: { id: number }; cookie: string };
const DAY = "2031-03-10";

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  holder = await t.signedInUser();
  const rows: [string, string | null][] = [
    ["Ef before", "2031-03-09"],
    ["Ef on a", DAY],
    ["Ef on b", DAY],
    ["Ef after", "2031-03-11"],
    ["Ef never", null],
  ];
  for (const [name, expiryDate] of rows) {
    const license = await createLicenseViaApi(t, admin.cookie, { name, expiryDate, totalSeats: 5 });
    if (name === "Ef on b") await assignViaApi(t, admin.cookie, license.id, holder.user.id);
  }
});
afterAll(() => t.close());

async function names(query: string, cookie = admin.cookie) {
  const response = await t.request({ method: "GET", url: `/api/licenses?${query}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { name: string }[])
    .map((license) => license.name)
    .filter((name) => name.startsWith("Ef "));
}

describe("the license list's expiry range", () => {
  it("keeps the licenses expiring from expiryFrom to expiryTo, both included", async () => {
    expect(await names(`expiryFrom=${DAY}&expiryTo=${DAY}`)).toEqual(["Ef on a", "Ef on b"]);
    expect(await names(`expiryFrom=${DAY}&expiryTo=${DAY}&limit=1`)).toEqual(["Ef on a"]);
    expect(await names(`expiryFrom=${DAY}`)).toEqual(["Ef after", "Ef on a", "Ef on b"]);
    expect(await names(`expiryTo=${DAY}`)).toEqual(["Ef before", "Ef on a", "Ef on b"]);
    // Blank is no filter; a range that holds no day is an empty list.
    expect(await names("expiryFrom=&expiryTo=")).toHaveLength(5);
    expect(await names(`expiryFrom=2031-03-11&expiryTo=${DAY}`)).toEqual([]);
  });

  it("shows a person only their own licenses of that day", async () => {
    expect(await names(`expiryFrom=${DAY}&expiryTo=${DAY}`, holder.cookie)).toEqual(["Ef on b"]);
  });

  it.each(["2031-02-30", "10.03.2031", "tomorrow"])(
    "answers %s with a 400 and a code",
    async (bad) => {
      const response = await t.request({
        method: "GET",
        url: `/api/licenses?expiryFrom=${bad}`,
        cookie: admin.cookie,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    },
  );
});

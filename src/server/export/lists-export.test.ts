// Every list's export against the demo data: the rows the list itself answers, the list route's
// permissions (administrators only, or an ordinary user's own rows), no secret in clear in any
// format, the Data Export of everything, and the activity log entry of each export.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText, readCsv, readXlsx, readZip } from "../../../tests/support/export-readers";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { activityLog, users } from "../db/schema";
import { seedDemoDataIfEmpty } from "../seed/seed-demo";

let t: TestApp;
let admin: string;
let jane: string;

// Clear secrets of the demo data (seed/licenses.ts, office-accounts.ts, gsuite.ts).
const DEMO_SECRETS = [
  "7A3F9C21E4-1734567890-B6D2E8F014",
  "Harbour-Lantern-42",
  "Pixel!Orchard77",
  "Ws-Admin-Alpine-51",
  "Ws-Priya-Coral-88",
];

/** Each list's export route, the list route whose rows it must hold, and who may use it. */
const LISTS = [
  { path: "/api/licenses/export", list: "/api/licenses", own: true },
  { path: "/api/assignments/export", list: "/api/assignments", own: false },
  { path: "/api/users/export", list: "/api/users", own: false },
  { path: "/api/hardware/export", list: "/api/hardware", own: true },
  { path: "/api/hardware-requests/export", list: "/api/hardware-requests", own: true },
  { path: "/api/accounts/export", list: "/api/accounts", own: true },
  { path: "/api/directories/export", list: "/api/directories", own: false },
  { path: "/api/gsuite-accounts/export", list: "/api/gsuite-accounts", own: false },
  { path: "/api/trust-reviews/export", list: "/api/trust-reviews", own: false },
  { path: "/api/hosting/costs/export", list: "/api/hosting/costs", own: false },
];

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoDataIfEmpty(t.app.db, t.app.secrets);
  admin = await t.login("admin", "demo1234");
  jane = await t.login("jane", "demo1234");
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });

async function listLength(url: string, cookie: string) {
  const response = await get(url, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as unknown[]).length;
}

function expectNoSecret(text: string) {
  for (const secret of DEMO_SECRETS) expect(text).not.toContain(secret);
}

describe("every list's export", () => {
  for (const { path, list, own } of LISTS) {
    it(`${path} holds the rows of GET ${list}, in every format, without secrets`, async () => {
      const expected = await listLength(list, admin);
      expect(expected).toBeGreaterThan(0);

      const csv = await get(`${path}?format=csv`, admin);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(readCsv(csv.rawPayload)).toHaveLength(expected + 1);
      expectNoSecret(csv.body);

      const xlsx = await get(`${path}?format=xlsx`, admin);
      const [sheet] = await readXlsx(xlsx.rawPayload);
      expect(sheet!.rows).toHaveLength(expected + 1);
      expectNoSecret(JSON.stringify(sheet!.rows));

      const pdf = await get(`${path}?format=pdf`, admin);
      expect(pdf.statusCode).toBe(200);
      expectNoSecret(await pdfText(pdf.rawPayload));

      if (own) {
        // An ordinary user: their own rows, as their list shows them.
        const mine = await get(`${path}?format=csv`, jane);
        expect(mine.statusCode, mine.body).toBe(200);
        expect(readCsv(mine.rawPayload)).toHaveLength((await listLength(list, jane)) + 1);
      } else {
        const refused = await get(`${path}?format=csv`, jane);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ code: "FORBIDDEN" });
      }
      expect((await get(`${path}?format=csv`)).statusCode).toBe(401);
      expect((await get(`${path}?format=exe`, admin)).statusCode).toBe(400);
    });
  }

  it("respects a list's filters (users searched by name)", async () => {
    const response = await get("/api/users/export?format=csv&search=jane", admin);
    const [header, ...rows] = readCsv(response.rawPayload);
    expect(rows.length).toBe(await listLength("/api/users?search=jane", admin));
    expect(rows.map((row) => row[header!.indexOf("Username")])).toContain("jane");
    expect(rows.map((row) => row[header!.indexOf("Username")])).not.toContain("admin");
  });

  it("says which users sign in through single sign-on", async () => {
    const { user } = await t.signedInUser({ username: "sso-export" });
    await t.app.db
      .update(users)
      .set({ oidcSubject: "issuer-subject-1" })
      .where(eq(users.id, user.id));
    const response = await get("/api/users/export?format=csv&search=sso-export", admin);
    const [header, ...rows] = readCsv(response.rawPayload);
    expect(rows.map((row) => row[header!.indexOf("SSO Linked")])).toEqual(["Yes"]);
    const others = readCsv(
      (await get("/api/users/export?format=csv&search=jane", admin)).rawPayload,
    );
    expect(others.slice(1).map((row) => row[others[0]!.indexOf("SSO Linked")])).not.toContain(
      "Yes",
    );
  });

  it("records each export in the activity log with its format, filters and rows", async () => {
    const response = await get("/api/directories/export?format=csv&status=active", admin);
    const rows = readCsv(response.rawPayload).length - 1;
    await expect
      .poll(async () => {
        const entries = await t.app.db
          .select()
          .from(activityLog)
          .where(eq(activityLog.area, "directories"));
        // (The test above exported directories unfiltered.)
        const details = entries.flatMap((entry) =>
          entry.action === "export" ? [entry.detail as { filters: { status: string } }] : [],
        );
        return details.find((detail) => detail.filters.status === "active") ?? null;
      })
      .toMatchObject({ format: "csv", filters: { status: "active" }, rows, completed: true });
  });

  it("logs that a search was made, never its text (a license search can be a key)", async () => {
    await get("/api/licenses/export?format=csv&search=KEY-FRAGMENT-9", admin);
    await expect
      .poll(async () => {
        const entries = await t.app.db
          .select()
          .from(activityLog)
          .where(eq(activityLog.area, "licenses"));
        return entries.some((entry) => JSON.stringify(entry).includes("KEY-FRAGMENT-9"))
          ? "leaked"
          : (entries
              .map((entry) => entry.detail as { filters?: { search?: string } } | null)
              .find((detail) => detail?.filters?.search !== undefined) ?? null);
      })
      .toMatchObject({ filters: { search: "[redacted]" }, completed: true });
  });
});

describe("GET /api/export/all", () => {
  it("is for administrators only", async () => {
    expect((await get("/api/export/all?format=zip", jane)).statusCode).toBe(403);
    expect((await get("/api/export/all?format=csv", admin)).statusCode).toBe(400);
  });

  it("zips one CSV per list, each with the list's rows", async () => {
    const response = await get("/api/export/all?format=zip", admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    const files = await readZip(response.rawPayload);
    expect(Object.keys(files)).toHaveLength(LISTS.length);
    expect(readCsv(files["licenses.csv"]!)).toHaveLength(
      (await listLength("/api/licenses", admin)) + 1,
    );
    expect(readCsv(files["hosting-costs.csv"]!)).toHaveLength(
      (await listLength("/api/hosting/costs", admin)) + 1,
    );
    expectNoSecret(Object.values(files).join("\n"));
  });

  it("writes one workbook with a sheet per list, and a PDF report of every list", async () => {
    const xlsx = await get("/api/export/all?format=xlsx", admin);
    const sheets = await readXlsx(xlsx.rawPayload);
    expect(sheets.map((sheet) => sheet.name)).toEqual([
      "Licenses",
      "License Assignments",
      "Users",
      "Hardware",
      "Hardware Requests",
      "Office Accounts",
      "Directory Listings",
      "G Suite Accounts",
      "Trust Reviews",
      "Hosting Costs",
    ]);
    expect(sheets[2]!.rows).toHaveLength((await listLength("/api/users", admin)) + 1);

    const pdf = await get("/api/export/all?format=pdf", admin);
    const text = await pdfText(pdf.rawPayload);
    for (const title of ["Licenses", "Office Accounts", "Trust Reviews", "Hosting Costs"]) {
      expect(text).toContain(title);
    }
    expectNoSecret(text);
  });
});

// GET /api/licenses/export: the list's rows with its filters, in the three formats, read back
// with independent readers; keys masked; formula injection escaped; ordinary users limited to
// their own licenses and columns.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText, readCsv, readXlsx } from "../../../tests/support/export-readers";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { todayIso } from "../../domain/dates";

let t: TestApp;
let admin: { user: { id: number }; cookie: string };
let alice: { user: { id: number }; cookie: string };
let figma: Awaited<ReturnType<typeof createLicenseViaApi>>;
let formula: Awaited<ReturnType<typeof createLicenseViaApi>>;
// Every test's names carry this, so the search filter keeps other files' rows out.
const tag = `Exp${process.pid}`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
  alice = await t.signedInUser();
  figma = await createLicenseViaApi(t, admin.cookie, {
    name: `${tag} Figma Team`,
    expiryDate: "2030-03-15",
    paymentAmount: 1234.5,
    paymentCurrency: "AUD",
    notes: "Renews with the design budget, café",
  });
  formula = await createLicenseViaApi(t, admin.cookie, {
    name: `=HYPERLINK("http://evil.example","${tag}")`,
    notes: "@SUM(A1:A2)",
  });
  await createLicenseViaApi(t, admin.cookie, { name: `${tag} Old Tool`, expiryDate: "2020-01-01" });
  await assignViaApi(t, admin.cookie, figma.id, alice.user.id);
});
afterAll(() => t.close());

const exportOf = (query: string, cookie?: string) =>
  t.request({ method: "GET", url: `/api/licenses/export?${query}`, cookie });

describe("GET /api/licenses/export", () => {
  it("refuses anonymous callers and bad formats or filters with a 400 and no file", async () => {
    expect((await exportOf("format=csv")).statusCode).toBe(401);
    const badFormat = await exportOf("format=docx", admin.cookie);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    const badStatus = await exportOf("format=csv&status=lost", admin.cookie);
    expect(badStatus.statusCode).toBe(400);
    expect((await exportOf("", admin.cookie)).statusCode).toBe(400);
  });

  it("starts a CSV with a UTF-8 byte-order mark, left out with bom=false; refuses another value", async () => {
    const BOM = [0xef, 0xbb, 0xbf];
    const marked = await exportOf(`format=csv&search=${tag}`, admin.cookie);
    expect([...marked.rawPayload.subarray(0, 3)]).toEqual(BOM);
    const plain = await exportOf(`format=csv&search=${tag}&bom=false`, admin.cookie);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.subarray(0, 4).toString()).toBe("Name");
    // The rest of the file is the same bytes.
    expect(marked.rawPayload.subarray(3).equals(plain.rawPayload)).toBe(true);
    const bad = await exportOf("format=csv&bom=no", admin.cookie);
    expect(bad.statusCode).toBe(400);
    // Only CSV has one: a workbook is a zip and starts as one.
    const workbook = await exportOf(`format=xlsx&search=${tag}`, admin.cookie);
    expect(workbook.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("writes the filtered list as RFC 4180 CSV with masked keys and escaped formulas", async () => {
    const response = await exportOf(`format=csv&search=${tag}`, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="licenses-${todayIso()}.csv"`,
    );
    expect(response.body).toContain("\r\n");
    const [header, ...rows] = readCsv(response.rawPayload);
    expect(header).toContain("License Key");
    expect(header).toContain("Payment Amount");
    expect(rows).toHaveLength(3);
    const byName = (name: string) => rows.find((row) => row[0] === name)!;
    const figmaRow = byName(`${tag} Figma Team`);
    expect(figmaRow[header!.indexOf("License Key")]).toBe(figma.licenseKeyMasked);
    expect(figmaRow[header!.indexOf("Payment Amount")]).toBe("1234.50");
    expect(figmaRow[header!.indexOf("Currency")]).toBe("AUD");
    expect(figmaRow[header!.indexOf("Expiry Date")]).toBe("2030-03-15");
    expect(figmaRow[header!.indexOf("Notes")]).toBe("Renews with the design budget, café");
    // The formula cells start with a quote, so a spreadsheet shows them as text.
    const evil = byName(`'=HYPERLINK("http://evil.example","${tag}")`);
    expect(evil[header!.indexOf("Notes")]).toBe("'@SUM(A1:A2)");
    for (const license of [figma, formula]) expect(response.body).not.toContain(license.clearKey);
  });

  it("exports what the status filter shows, no more", async () => {
    const response = await exportOf(`format=csv&search=${tag}&status=expired`, admin.cookie);
    const names = readCsv(response.rawPayload)
      .slice(1)
      .map((row) => row[0]);
    expect(names).toContain(`${tag} Old Tool`);
    expect(names).not.toContain(`${tag} Figma Team`);
  });

  it("writes an .xlsx with typed cells: dates as dates, money as numbers, currency apart", async () => {
    const response = await exportOf(`format=xlsx&search=${tag}&sort=name`, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const [sheet] = await readXlsx(response.rawPayload);
    const [header, ...rows] = sheet!.rows;
    expect(sheet!.name).toBe("Licenses");
    expect(rows).toHaveLength(3);
    const row = rows.find((cells) => cells[0] === `${tag} Figma Team`)!;
    const at = (name: string) => row[header!.indexOf(name)];
    expect(at("Expiry Date")).toEqual(new Date("2030-03-15T00:00:00Z"));
    expect(at("Payment Amount")).toBe(1234.5);
    expect(at("Currency")).toBe("AUD");
    expect(at("Total Seats")).toBe(5);
    expect(at("License Key")).toBe(figma.licenseKeyMasked);
    expect(response.rawPayload.includes(Buffer.from(figma.clearKey))).toBe(false);
  });

  it("writes a PDF whose text holds the title, the filters, the date and the rows", async () => {
    const response = await exportOf(`format=pdf&search=${tag}&status=expired`, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(response.rawPayload);
    expect(text).toContain("Licenses");
    expect(text).toContain(`Status: expired; Search: "${tag}"`);
    expect(text).toContain(`Exported on ${todayIso()}`);
    expect(text).toContain(`${tag} Old Tool`);
    expect(text).not.toContain(`${tag} Figma Team`);
  });

  it("gives an ordinary user only their own licenses, without payments or notes", async () => {
    const response = await exportOf(`format=csv`, alice.cookie);
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = readCsv(response.rawPayload);
    expect(rows.map((row) => row[0])).toEqual([`${tag} Figma Team`]);
    expect(header).not.toContain("Payment Amount");
    expect(header).not.toContain("Notes");
    expect(response.body).not.toContain("design budget");
  });
});

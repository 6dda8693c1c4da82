// Import files as people have them (issue 31): Snipe-IT's sample files' shapes (tests/fixtures/
// imports, see its README) previewed with the suggested mapping alone and imported, the rows that
// land compared with the file; a European Excel CSV (';', '259,00', '15.01.2026', BOM, CRLF); an
// Excel workbook; the mapping, separator, sheet and date format a request may choose, and the
// words of each refusal.
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { eq, inArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { ImportArea } from "../../domain/imports/columns";
import {
  type ImportPreviewResponse,
  type ImportResultResponse,
  XLSX_MEDIA_TYPE,
} from "../../domain/schemas/imports";
import { hardware, licenses, users } from "../db/schema";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
});
afterAll(() => t.close());

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/imports/${name}`, import.meta.url));

/** The fixture's rows by header, read independently of the import (csv-parse, BOM dropped). */
const rowsOf = (file: Buffer) =>
  parse(file, { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];

type Query = Record<string, string | undefined>;
const urlOf = (path: string, query: Query = {}) => {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return search ? `${path}?${search}` : path;
};

const send = (path: string, file: string | Buffer, query: Query = {}, type = "text/csv") =>
  t.request({
    method: "POST",
    url: urlOf(path, query),
    cookie: adminCookie,
    payload: file,
    headers: { "content-type": type },
  });

async function preview(area: ImportArea, file: string | Buffer, query: Query = {}, type?: string) {
  const response = await send(`/api/imports/${area}/preview`, file, query, type);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreviewResponse>();
}

async function commit(area: ImportArea, file: string | Buffer, query: Query = {}, type?: string) {
  const response = await send(`/api/imports/${area}`, file, query, type);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportResultResponse>();
}

const problemsOf = (result: ImportPreviewResponse) =>
  result.rows.filter((row) => row.problems.length > 0).map((row) => [row.line, row.problems]);

/** 'MM/DD/YYYY' or 'M/D/YY' (Snipe-IT's dates) → ISO, two-digit years in Excel's window. */
const usDate = (text: string) => {
  if (text === "") return null;
  const [month, day, year] = text.split("/").map(Number) as [number, number, number];
  const full = year < 100 ? (year < 30 ? 2000 + year : 1900 + year) : year;
  return `${full}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
};

describe("Snipe-IT's sample files, with the suggested mapping alone", () => {
  it("imports the licenses file: every row, each value where it belongs", async () => {
    const file = fixture("snipe-it-licenses.csv");
    const expected = rowsOf(file);
    const checked = await preview("licenses", file);
    expect(problemsOf(checked)).toEqual([]);
    expect(checked).toMatchObject({
      totalRows: expected.length,
      validRows: expected.length,
      missingFields: [],
      separator: "comma",
      dateFormat: { used: "mdy", ambiguous: false },
    });
    expect(checked.mapping.filter((entry) => entry.field)).toEqual([
      { column: "Username", field: "username", suggested: true },
      { column: "Item name", field: "name", suggested: true },
      { column: "serial number", field: "licenseKey", suggested: true },
      { column: "purchase date", field: "purchaseDate", suggested: true },
      { column: "purchase cost", field: "paymentAmount", suggested: true },
      { column: "order number", field: "orderId", suggested: true },
      { column: "expiration date", field: "expiryDate", suggested: true },
      { column: "seats", field: "totalSeats", suggested: true },
      { column: "notes", field: "notes", suggested: true },
    ]);
    const result = await commit("licenses", file);
    expect(result).toMatchObject({ imported: expected.length, skipped: 0 });

    const names = expected.map((row) => row["Item name"]!);
    const landed = await t.app.db
      .select({
        name: licenses.name,
        ciphertext: licenses.licenseKeyCiphertext,
        username: licenses.username,
        orderId: licenses.orderId,
        totalSeats: licenses.totalSeats,
        purchaseDate: licenses.purchaseDate,
        expiryDate: licenses.expiryDate,
        amount: sql<string>`${licenses.paymentAmount}::text`,
        notes: licenses.notes,
      })
      .from(licenses)
      .where(inArray(licenses.name, names));
    const byName = new Map(landed.map((row) => [row.name, row]));
    for (const row of expected) {
      const stored = byName.get(row["Item name"]!);
      expect(stored, row["Item name"]).toBeDefined();
      expect({
        key: t.app.secrets.open(stored!.ciphertext),
        username: stored!.username,
        orderId: stored!.orderId,
        totalSeats: stored!.totalSeats,
        purchaseDate: stored!.purchaseDate,
        expiryDate: stored!.expiryDate,
        amount: stored!.amount,
        notes: stored!.notes,
      }).toEqual({
        key: row["serial number"],
        username: row.Username,
        orderId: row["order number"],
        totalSeats: Number(row.seats),
        purchaseDate: usDate(row["purchase date"]!),
        expiryDate: usDate(row["expiration date"]!),
        amount: Number(row["purchase cost"]!.replace("$", "")).toFixed(2),
        notes: row.notes === "" ? null : row.notes!.replace(/\r\n/g, "\n"),
      });
    }
  });

  it("imports the assets file as hardware: tag as identifier, a category as type or spec", async () => {
    const file = fixture("snipe-it-assets.csv");
    const expected = rowsOf(file);
    const checked = await preview("hardware", file);
    expect(problemsOf(checked)).toEqual([]);
    expect(checked.missingFields).toEqual([]);
    await commit("hardware", file);
    const landed = await t.app.db
      .select()
      .from(hardware)
      .where(
        inArray(
          hardware.identifier,
          expected.map((row) => row["Asset Tag"]!),
        ),
      );
    const byTag = new Map(landed.map((row) => [row.identifier, row]));
    for (const row of expected) {
      const stored = byTag.get(row["Asset Tag"]!)!;
      expect(stored, row["Asset Tag"]).toBeDefined();
      const named = { Laptops: "laptop", Monitors: "monitor", Printers: "printer" } as Record<
        string,
        string
      >;
      expect({
        name: stored.name,
        type: stored.type,
        specs: stored.specs,
        location: stored.location,
        purchaseDate: stored.purchaseDate,
        notes: stored.notes,
        status: stored.status,
      }).toEqual({
        name: row.Name,
        type: named[row.Category!] ?? "other",
        specs: named[row.Category!] ? null : { Category: row.Category },
        location: row.Location,
        purchaseDate: usDate(row["Purchase Date"]!),
        notes: row["Asset Notes"] || null,
        status: "active",
      });
    }
  });

  it("imports the accessories file as hardware, the model number telling them apart", async () => {
    const file = fixture("snipe-it-accessories.csv");
    const expected = rowsOf(file);
    const checked = await preview("hardware", file);
    expect(problemsOf(checked)).toEqual([]);
    await commit("hardware", file);
    const landed = await t.app.db
      .select()
      .from(hardware)
      .where(
        inArray(
          hardware.identifier,
          expected.map((row) => row["Model Number"]!),
        ),
      );
    expect(
      landed
        .map((row) => [row.identifier, row.name, row.type, row.location, row.purchaseDate])
        .sort(),
    ).toEqual(
      expected
        .map((row) => [
          row["Model Number"],
          row.Name,
          { Keyboards: "keyboard", "Docking Stations": "docking-station" }[row.Category!] ??
            "other",
          row.Location,
          usDate(row["Purchase Date"]!),
        ])
        .sort(),
    );
  });

  it("imports the users file: names joined, deactivated people inactive", async () => {
    const file = fixture("snipe-it-users.csv");
    const expected = rowsOf(file);
    const checked = await preview("users", file);
    expect(problemsOf(checked)).toEqual([]);
    expect(checked.mapping.filter((entry) => entry.field).map((entry) => entry.column)).toEqual([
      "First Name",
      "Last Name",
      "Email",
      "Username",
      "Activated",
    ]);
    await commit("users", file);
    const landed = await t.app.db
      .select()
      .from(users)
      .where(
        inArray(
          users.username,
          expected.map((row) => row.Username!),
        ),
      );
    const byUsername = new Map(landed.map((row) => [row.username, row]));
    expect(expected.some((row) => row.Activated === "false")).toBe(true);
    for (const row of expected) {
      const stored = byUsername.get(row.Username!)!;
      expect({
        fullName: stored.fullName,
        email: stored.email,
        isActive: stored.isActive,
        role: stored.role,
      }).toEqual({
        fullName: `${row["First Name"]} ${row["Last Name"]}`,
        email: row.Email,
        isActive: row.Activated === "true",
        role: "user",
      });
    }
  });
});

describe("a European Excel CSV", () => {
  // As Excel saves 'CSV UTF-8' with German or French settings: BOM, CRLF, ';', decimal comma.
  const file = Buffer.from(
    "\uFEFFName;License Key;Total Seats;Payment Amount;Purchase Date;Expiry Date;Auto Renew\r\n" +
      "Büro Suite;EU-0000-0001;5;259,00;15.01.2026;14.01.2027;ja\r\n" +
      '"Grafik ""Pro""";EU-0000-0002;12;1.234,50 €;1.2.2026;31.01.2027;nein\r\n',
  );

  it("is read with its separator, amounts and dates detected", async () => {
    const checked = await preview("licenses", file);
    expect(checked.separator).toBe("semicolon");
    expect(problemsOf(checked)).toEqual([
      [2, ["Auto Renew: Auto-renew must be true or false"]],
      [3, ["Auto Renew: Auto-renew must be true or false"]],
    ]);
    // Auto Renew left out by the mapping: the rest imports.
    const mapping = JSON.stringify({ "Auto Renew": null });
    expect(problemsOf(await preview("licenses", file, { mapping }))).toEqual([]);
    await commit("licenses", file, { mapping });
    const landed = await t.app.db
      .select({
        name: licenses.name,
        amount: sql<string>`${licenses.paymentAmount}::text`,
        purchaseDate: licenses.purchaseDate,
        expiryDate: licenses.expiryDate,
        totalSeats: licenses.totalSeats,
      })
      .from(licenses)
      .where(inArray(licenses.name, ["Büro Suite", 'Grafik "Pro"']))
      .orderBy(licenses.name);
    expect(landed).toEqual([
      {
        name: "Büro Suite",
        amount: "259.00",
        purchaseDate: "2026-01-15",
        expiryDate: "2027-01-14",
        totalSeats: 5,
      },
      {
        name: 'Grafik "Pro"',
        amount: "1234.50",
        purchaseDate: "2026-02-01",
        expiryDate: "2027-01-31",
        totalSeats: 12,
      },
    ]);
  });

  it("says which separator to choose when the chosen one splits nothing", async () => {
    const plain = "Name;License Key\r\nPlain Suite;PLAIN-0001\r\n";
    for (const url of ["/api/imports/licenses/preview", "/api/imports/licenses"]) {
      const response = await send(url, plain, { separator: "comma" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "IMPORT_SEPARATOR",
        message:
          "The file has one column. The file seems to use ';' between columns: choose ';' as the separator.",
      });
    }
  });

  it("names the separator when the chosen one breaks the quoting", async () => {
    const response = await send("/api/imports/licenses/preview", file, { separator: "comma" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "IMPORT_SEPARATOR",
      message:
        "The file cannot be read with ',' between columns. The file seems to use ';' between columns: choose ';' as the separator.",
    });
  });

  it("says what to do about broken quoting when the separator is right", async () => {
    const broken = 'Name,License Key\r\nSuite "B",K-2\r\n';
    const response = await send("/api/imports/licenses/preview", broken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "IMPORT_MALFORMED_CSV" });
    expect(response.json().message).toMatch(
      /line 2.*A cell has a quote \("\) in its middle: a cell holding quotes must start and end with one/,
    );
  });
});

describe("an Excel workbook", () => {
  async function workbook() {
    const book = new ExcelJS.Workbook();
    const notes = book.addWorksheet("Read me");
    notes.addRow(["About"]);
    notes.addRow(["This sheet is not the data."]);
    const sheet = book.addWorksheet("Licenses");
    sheet.addRow(["Item Name", "Product Key", "Seats", "Purchase Cost", "Purchase Date", "Renew"]);
    sheet.addRow(["Sheet Suite", "XL-0000-0001", 3, 259, new Date(Date.UTC(2026, 0, 15)), true]);
    sheet.addRow([
      { richText: [{ text: "Rich " }, { text: "Text", font: { bold: true } }] },
      "XL-0000-0002",
      { formula: "2*2", result: 4 },
      12.5,
      "15.01.2026",
      "no",
    ]);
    sheet.addRow([]);
    sheet.addRow(["Short row", "XL-0000-0003"]);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it("reads the first sheet unless one is chosen, rows numbered as Excel shows them", async () => {
    const file = await workbook();
    const first = await send("/api/imports/licenses/preview", file, {}, XLSX_MEDIA_TYPE);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      sheets: ["Read me", "Licenses"],
      sheet: "Read me",
      missingFields: ["Name", "License Key"],
    });
    const mapping = JSON.stringify({ Renew: "autoRenew" });
    const checked = await preview(
      "licenses",
      file,
      { sheet: "Licenses", mapping },
      XLSX_MEDIA_TYPE,
    );
    expect(checked).toMatchObject({ sheet: "Licenses", separator: null, missingFields: [] });
    expect(checked.rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, []],
      [5, []],
    ]);
    await commit("licenses", file, { sheet: "Licenses", mapping }, XLSX_MEDIA_TYPE);
    const landed = await t.app.db
      .select({
        name: licenses.name,
        totalSeats: licenses.totalSeats,
        amount: sql<string | null>`${licenses.paymentAmount}::text`,
        purchaseDate: licenses.purchaseDate,
        autoRenew: licenses.autoRenew,
      })
      .from(licenses)
      .where(inArray(licenses.name, ["Sheet Suite", "Rich Text", "Short row"]))
      .orderBy(licenses.name);
    expect(landed).toEqual([
      {
        name: "Rich Text",
        totalSeats: 4,
        amount: "12.50",
        purchaseDate: "2026-01-15",
        autoRenew: false,
      },
      {
        name: "Sheet Suite",
        totalSeats: 3,
        amount: "259.00",
        purchaseDate: "2026-01-15",
        autoRenew: true,
      },
      { name: "Short row", totalSeats: 5, amount: null, purchaseDate: null, autoRenew: false },
    ]);
  });

  it("refuses a sheet it lacks, naming its sheets, and bytes that are no workbook", async () => {
    const missing = await send(
      "/api/imports/licenses/preview",
      await workbook(),
      { sheet: "Nope" },
      XLSX_MEDIA_TYPE,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: "IMPORT_SHEET",
      message: "The workbook has no sheet named 'Nope'. Its sheets: 'Read me', 'Licenses'.",
    });
    const broken = await send(
      "/api/imports/licenses/preview",
      Buffer.from("Name,License Key\r\n"),
      {},
      XLSX_MEDIA_TYPE,
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/not an Excel workbook/);
  });
});

describe("the mapping a request chooses", () => {
  const file = "Title,Code,Count\r\nMapped Suite,MAP-0000-0001,7\r\n";

  it("sends each column where it says, suggesting only the rest", async () => {
    const mapping = JSON.stringify({ Code: "licenseKey", Count: null });
    const checked = await preview("licenses", file, { mapping });
    expect(checked.mapping).toEqual([
      { column: "Title", field: "name", suggested: true },
      { column: "Code", field: "licenseKey", suggested: false },
      { column: "Count", field: null, suggested: false },
    ]);
    expect(checked.ignoredColumns).toEqual(["Count"]);
    const result = await commit("licenses", file, { mapping });
    expect(result.mapping).toEqual(checked.mapping);
    const [row] = await t.app.db
      .select({ totalSeats: licenses.totalSeats })
      .from(licenses)
      .where(eq(licenses.name, "Mapped Suite"));
    expect(row).toEqual({ totalSeats: 5 });
  });

  it("previews a file whose required fields have no column; the import refuses it", async () => {
    const checked = await preview("licenses", file);
    expect(checked.missingFields).toEqual(["License Key"]);
    const response = await send("/api/imports/licenses", file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "IMPORT_COLUMNS" });
    expect(response.json().message).toMatch(/no 'License Key' column: choose the column/);
  });

  it.each([
    [{ Code: "serial" }, "IMPORT_MAPPING", /'Code' to 'serial', which is not a field/],
    [{ Nope: "name" }, "IMPORT_MAPPING", /names 'Nope', which the file's first row does not/],
    [{ Title: "name", Code: "name" }, "IMPORT_MAPPING", /both 'Title' and 'Code' to 'name'/],
    ["not json", "VALIDATION_FAILED", /mapping must be a JSON object/],
    [["name"], "VALIDATION_FAILED", /mapping must be a JSON object/],
    [{ Code: 3 }, "VALIDATION_FAILED", /mapping must be a JSON object/],
  ])("refuses the mapping %j with %s", async (mapping, code, message) => {
    const text = typeof mapping === "string" ? mapping : JSON.stringify(mapping);
    for (const url of ["/api/imports/licenses/preview", "/api/imports/licenses"]) {
      const response = await send(url, file, { mapping: text });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe(code);
      expect(JSON.stringify(response.json())).toMatch(message);
    }
  });
});

describe("dates that could be read either way", () => {
  const file =
    "Name,License Key,Purchase Date\r\nEither Way,EITHER-0001,05/03/2026\r\nOr Not,EITHER-0002,12/11/2026\r\n";

  it("are previewed month first and flagged; the import asks for the format", async () => {
    const checked = await preview("licenses", file);
    expect(checked.dateFormat).toEqual({ used: "mdy", ambiguous: true });
    const refused = await send("/api/imports/licenses", file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "IMPORT_DATE_FORMAT" });
    expect(refused.json().message).toMatch(/choose the file's date format/);

    expect((await preview("licenses", file, { dateFormat: "dmy" })).dateFormat).toEqual({
      used: "dmy",
      ambiguous: false,
    });
    await commit("licenses", file, { dateFormat: "dmy" });
    const landed = await t.app.db
      .select({ name: licenses.name, purchaseDate: licenses.purchaseDate })
      .from(licenses)
      .where(inArray(licenses.name, ["Either Way", "Or Not"]))
      .orderBy(licenses.name);
    expect(landed).toEqual([
      { name: "Either Way", purchaseDate: "2026-03-05" },
      { name: "Or Not", purchaseDate: "2026-11-12" },
    ]);
  });

  it("refuses a dateFormat or separator it does not know", async () => {
    for (const query of [{ dateFormat: "ymd" }, { separator: "pipe" }]) {
      const response = await send("/api/imports/licenses/preview", file, query);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
    }
  });
});

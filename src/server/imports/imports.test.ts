// CSV import (issue 15) through the API: templates, previews with each row's problems, every
// refusal of a bad file (nothing written), all-or-nothing commits, secrets sealed on the way in,
// one import per area at a time, and administrators only.
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { holdImportWrites } from "../../../tests/support/imports";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { IMPORT_AREAS, IMPORT_COLUMNS, type ImportArea } from "../../domain/imports/columns";
import type {
  ImportPreviewResponse,
  ImportProgressResponse,
  ImportResultResponse,
} from "../../domain/schemas/imports";
import {
  accounts,
  activityLog,
  csvImports,
  directories,
  hardware,
  jobLeases,
  licenses,
  users,
} from "../db/schema";
import { importAreas } from "./areas";
import { ginIndexesWithPendingListOf } from "./gin-bulk-load";

let t: TestApp;
let adminCookie: string;
let adminUsername: string;
let userCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({
    cookie: adminCookie,
    user: { username: adminUsername },
  } = await t.signedInUser({ role: "admin" }));
  ({ cookie: userCookie } = await t.signedInUser({ role: "user" }));
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** A CSV file from rows of cells (quoted where needed), CRLF line ends as spreadsheets write. */
function csv(rows: (string | number)[][]): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

function send(
  url: string,
  payload: string | Buffer,
  options: { cookie?: string; contentType?: string } = {},
) {
  return t.request({
    method: "POST",
    url,
    cookie: options.cookie ?? adminCookie,
    payload,
    headers: { "content-type": options.contentType ?? "text/csv" },
  });
}

async function preview(area: ImportArea, file: string | Buffer) {
  const response = await send(`/api/imports/${area}/preview`, file);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreviewResponse>();
}

async function commit(area: ImportArea, file: string | Buffer, skipInvalid = false) {
  return send(`/api/imports/${area}${skipInvalid ? "?skipInvalid=true" : ""}`, file);
}

const countOf = async (table: typeof licenses | typeof hardware | typeof users) =>
  Number((await t.app.db.select({ n: count() }).from(table))[0]!.n);

const LICENSE_HEADER = ["Name", "License Key", "Total Seats", "Payment Amount", "Expiry Date"];

describe("templates", () => {
  // Each template is imported after its check, in IMPORT_AREAS' order: a template that names
  // another area's record (a seat's license and person, a G Suite account's organization and
  // plan, a trust review's license) names the example of that area's template, imported before it.
  it.each(IMPORT_AREAS)(
    "gives %s a CSV template whose example row previews clean and imports",
    async (area) => {
      const response = await t.request({
        method: "GET",
        url: `/api/imports/${area}/template`,
        cookie: adminCookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/csv/);
      expect(response.headers["content-disposition"]).toContain(`${area}-import-template.csv`);
      const [header] = response.body.split("\r\n");
      expect(header).toBe(
        IMPORT_COLUMNS[area]
          .filter((column) => !column.extra)
          .map((column) => column.header)
          .join(","),
      );
      const result = await preview(area, response.body);
      expect(result.rows.map((row) => row.problems)).toEqual([[]]);
      expect(result).toMatchObject({ totalRows: 1, validRows: 1, invalidRows: 0 });
      const imported = await commit(area, response.body);
      expect(imported.json(), area).toMatchObject({ imported: 1 });
    },
  );
});

describe("preview", () => {
  it("lists every row's problems beside it: form rules, duplicates in the file and in the database", async () => {
    const existing = await commit(
      "licenses",
      csv([LICENSE_HEADER, ["Already here", "KEEP-0000-0001", 5, "10.00", "2027-01-01"]]),
    );
    expect(existing.statusCode, existing.body).toBe(200);
    const before = await countOf(licenses);

    const result = await preview(
      "licenses",
      csv([
        LICENSE_HEADER,
        ["Good one", "GOOD-0000-0001", 5, "259.00", "2027-01-01"],
        ["", "NONAME-0001", 0, "-3", "2027-02-30"],
        ["Copy in file", "good-0000-0001", 1, "1", ""],
        ["Copy of database", "KEEP-0000-0001", 1, "1", ""],
        ["Masked", "XXXX-XXXX-0001", 1, "1", ""],
      ]),
    );
    expect(result).toMatchObject({ totalRows: 5, validRows: 1, invalidRows: 4 });
    const byLine = new Map(result.rows.map((row) => [row.line, row]));
    expect(byLine.get(2)!.problems).toEqual([]);
    expect(byLine.get(3)!.problems).toEqual([
      "Name: Name is required",
      "Total Seats: Total seats must be a positive integer",
      "Payment Amount: Payment amount must be a valid number, 0 or greater",
      "Expiry Date: '2027-02-30' is not a real calendar date",
    ]);
    expect(byLine.get(4)!.problems).toEqual(["Same license key as line 2."]);
    expect(byLine.get(5)!.problems).toEqual(["A license with this license key already exists."]);
    expect(byLine.get(6)!.problems[0]).toMatch(/^License Key: this is a masked key/);
    // The key is shown masked beside its row, never in clear.
    expect(byLine.get(2)!.values["License Key"]).toBe("XXXX-XXXX-0001");
    expect(JSON.stringify(result)).not.toContain("GOOD-0000-0001");
    expect(await countOf(licenses)).toBe(before);
  });

  it("reads headers loosely, ignores columns it does not know and undoes formula escapes", async () => {
    const file = csv([
      ["NAME", "license_key", "Assigned Seats", "notes"],
      ["Escaped", "ESC-0000-0001", 3, "'=1+1"],
    ]);
    const result = await preview("licenses", file);
    expect(result.columns).toEqual(["Name", "License Key", "Notes"]);
    expect(result.ignoredColumns).toEqual(["Assigned Seats"]);
    expect(result.rows[0]!.problems).toEqual([]);
    expect((await commit("licenses", file)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.name, "Escaped"));
    expect(row!.notes).toBe("=1+1");
  });

  it("keeps an apostrophe the export did not add, and every apostrophe of a secret", async () => {
    // The export escapes only a cell starting = + - @ tab or CR, and masks secrets: a secret's
    // leading apostrophe is part of the real value.
    const file = csv([
      ["Name", "License Key", "Notes"],
      ["Apostrophes", "'=KEY-0000-0001", "'quoted on purpose"],
    ]);
    expect((await commit("licenses", file)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.name, "Apostrophes"));
    expect(t.app.secrets.open(row!.licenseKeyCiphertext)).toBe("'=KEY-0000-0001");
    expect(row!.notes).toBe("'quoted on purpose");
    const accountFile = csv([
      ["Email", "Password", "Provider"],
      ["apostrophe@example.com", "'-starts-with-a-quote", "adobe"],
    ]);
    expect((await commit("accounts", accountFile)).statusCode).toBe(200);
    const [account] = await t.app.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, "apostrophe@example.com"));
    expect(t.app.secrets.open(account!.passwordCiphertext!)).toBe("'-starts-with-a-quote");
  });

  it("reports each row at the line where it starts, as a text editor numbers the file", async () => {
    // CRLF line ends, quoted cells holding CRLF and LF, a blank line, and a bad row that spans
    // two lines itself, with characters of two bytes on the way (csv-parse's offsets are bytes):
    // the editor shows the bad row starting on line 7.
    const file = [
      "Name,License Key,Total Seats,Notes", // 1
      'Two lines,LINE-0000-0001,1,"first\r\nsecond"', // 2-3
      'Café note,LINE-0000-0002,1,"first\nsécond"', // 4-5
      "", // 6
      'Bad seats,LINE-0000-0003,many,"spans\r\ntwo"', // 7-8
      "Copy,line-0000-0001,1,", // 9
      "",
    ].join("\r\n");
    const result = await preview("licenses", file);
    expect(result.rows.map((row) => row.line)).toEqual([2, 4, 7, 9]);
    expect(result.rows[2]!.problems).toEqual([
      "Total Seats: Total seats must be a positive integer",
    ]);
    expect(result.rows[3]!.problems).toEqual(["Same license key as line 2."]);

    const refused = await commit("licenses", file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((error: { path: string }) => error.path)).toEqual([
      "line 7",
      "line 9",
    ]);
  });
});

describe("refusals of a bad file (nothing written)", () => {
  const refusals: [string, () => string | Buffer, number, string, RegExp][] = [
    [
      "Windows-1252 text",
      () =>
        Buffer.concat([
          Buffer.from("Name,License Key\r\nCaf"),
          Buffer.from([0xe9]),
          Buffer.from(",K-1\r\n"),
        ]),
      400,
      "IMPORT_ENCODING",
      /not UTF-8 text \(line 2/,
    ],
    [
      "UTF-16 text",
      () =>
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Name,License Key\r\n", "utf16le")]),
      400,
      "IMPORT_ENCODING",
      /UTF-16/,
    ],
    [
      "an Excel workbook",
      () => Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
      400,
      "IMPORT_NOT_CSV",
      /zip archive/,
    ],
    [
      "binary data",
      () => Buffer.from([0x4e, 0x61, 0x6d, 0x65, 0x0a, 0x00, 0x01, 0x02, 0xff]),
      400,
      "IMPORT_NOT_CSV",
      /binary data \(line 2\)/,
    ],
    [
      "an unclosed quote",
      () => 'Name,License Key\r\n"Broken,K-1\r\n',
      400,
      "IMPORT_MALFORMED_CSV",
      /not valid CSV: Quote Not Closed.*line 3/,
    ],
    ["an empty file", () => "", 400, "IMPORT_EMPTY", /empty/],
    ["a header only", () => "Name,License Key\r\n", 400, "IMPORT_EMPTY", /no rows/],
  ];

  it.each(refusals)(
    "refuses %s on preview and commit",
    async (_label, file, status, code, message) => {
      const before = await countOf(licenses);
      for (const url of ["/api/imports/licenses/preview", "/api/imports/licenses"]) {
        const response = await send(url, file());
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().code).toBe(code);
        expect(response.json().message).toMatch(message);
      }
      expect(await countOf(licenses)).toBe(before);
    },
  );

  it("refuses a 50 MB upload before reading it, naming the limit", async () => {
    const line = `Big,${"K".repeat(100)}\r\n`;
    const file = `Name,License Key\r\n${line.repeat(Math.ceil((50 * 1024 * 1024) / line.length))}`;
    const before = await countOf(licenses);
    const response = await send("/api/imports/licenses", file);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(response.json().message).toMatch(/larger than 20 MB/);
    expect(await countOf(licenses)).toBe(before);
  });

  it("refuses a body that is not text/csv", async () => {
    const json = await send("/api/imports/licenses", JSON.stringify({ csv: "Name" }), {
      contentType: "application/json",
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe("VALIDATION_FAILED");
  });

  it("refuses rows with problems as a whole, unless the valid rows alone are asked for", async () => {
    const file = csv([
      LICENSE_HEADER,
      ["Partial A", "PART-0000-0001", 2, "5", ""],
      ["Partial bad", "PART-0000-0002", "many", "5", ""],
      ["Partial B", "PART-0000-0003", 2, "5", ""],
    ]);
    const before = await countOf(licenses);
    const refused = await commit("licenses", file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: "IMPORT_ROWS_INVALID",
      errors: [{ path: "line 3", message: "Total Seats: Total seats must be a positive integer" }],
    });
    expect(await countOf(licenses)).toBe(before);

    const partial = await commit("licenses", file, true);
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json<ImportResultResponse>()).toMatchObject({
      area: "licenses",
      imported: 2,
      skipped: 1,
    });
    expect(await countOf(licenses)).toBe(before + 2);

    // The same file again: every row is now a duplicate of the database.
    const again = await commit("licenses", file, true);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe("IMPORT_NOTHING_TO_IMPORT");
  });
});

describe("commit", () => {
  it("writes nothing when the database fails half way through", async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => [`Half ${i}`, `HALF-${i}`, 1, "1", ""]);
    const definition = importAreas.licenses;
    const realInsert = definition.insert;
    let batches = 0;
    vi.spyOn(definition, "insert").mockImplementation(async (tx, batch, secrets) => {
      batches += 1;
      // The first batch is written, the second fails: the transaction must take both back.
      if (batches === 2) throw new Error("disk full");
      return realInsert(tx, batch, secrets);
    });
    const before = await countOf(licenses);
    const response = await commit("licenses", csv([LICENSE_HEADER, ...rows]));
    expect(response.statusCode).toBe(500);
    expect(batches).toBe(2);
    expect(await countOf(licenses)).toBe(before);
    // The claim is released: the next import runs.
    vi.restoreAllMocks();
    const retry = await commit("licenses", csv([LICENSE_HEADER, ...rows]));
    expect(retry.json<ImportResultResponse>().imported).toBe(1200);
    expect(await countOf(licenses)).toBe(before + 1200);
  });

  it("answers 409 and writes nothing when a row was created meanwhile through the form", async () => {
    // The race: the duplicate check ran before the item existed (made blind here), and the
    // normal API created it before the insert.
    vi.spyOn(importAreas.hardware.duplicate, "existing").mockResolvedValue(new Set());
    const planted = await t.request({
      method: "POST",
      url: "/api/hardware",
      cookie: adminCookie,
      payload: { name: "Raced laptop", type: "laptop", identifier: "RACE-SN-2" },
    });
    expect(planted.statusCode, planted.body).toBe(201);
    const before = await countOf(hardware);
    const response = await commit(
      "hardware",
      csv([
        ["Name", "Type", "Serial Number/Identifier"],
        ["Raced one", "laptop", "RACE-SN-1"],
        ["Raced two", "laptop", "RACE-SN-2"],
      ]),
    );
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      code: "IMPORT_CONFLICT",
      message:
        "A hardware item with this serial number/identifier already exists: it was added while the file was imported, so nothing was imported. Check the file again.",
    });
    expect(await countOf(hardware)).toBe(before);
  });

  it("holds no ACCESS EXCLUSIVE lock while it writes: reads of the table go on", async () => {
    expect(await ginIndexesWithPendingListOf(t.app.db, "licenses")).toEqual([
      "licenses_key_search_tokens_idx",
      "licenses_name_trgm_idx",
    ]);
    const definition = importAreas.licenses;
    const realInsert = definition.insert;
    const held: unknown[] = [];
    vi.spyOn(definition, "insert").mockImplementation(async (tx, batch, secrets) => {
      const ids = await realInsert(tx, batch, secrets);
      const locks = await tx.execute(sql`
        select relation::regclass::text as relation from pg_locks
        where pid = pg_backend_pid() and mode = 'AccessExclusiveLock' and relation is not null`);
      held.push(...(locks as unknown as { rows: unknown[] }).rows);
      return ids;
    });
    const rows = Array.from({ length: 600 }, (_, i) => [
      `Unlocked ${i}`,
      `UNLOCKED-${i}`,
      1,
      "1",
      "",
    ]);
    const response = await commit("licenses", csv([LICENSE_HEADER, ...rows]));
    expect(response.statusCode, response.body).toBe(200);
    expect(held).toEqual([]);
    // What the import wrote is found through the indexes at once.
    const found = await t.request({
      method: "GET",
      url: "/api/licenses?search=unlocked%20599",
      cookie: adminCookie,
    });
    expect(found.json().map((license: { name: string }) => license.name)).toEqual(["Unlocked 599"]);
  });

  it("seals license keys (searchable through the blind index) and account passwords", async () => {
    const key = "SEAL-ME-5678-WXYZ";
    const imported = await commit(
      "licenses",
      csv([LICENSE_HEADER, ["Sealed license", key, 1, "1", ""]]),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const [row] = await t.app.db.select().from(licenses).where(eq(licenses.name, "Sealed license"));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row!.licenseKeyMasked).toBe("XXXX-XX-XXXX-WXYZ");
    expect(t.app.secrets.open(row!.licenseKeyCiphertext)).toBe(key);
    const found = await t.request({
      method: "GET",
      url: "/api/licenses?search=me-56",
      cookie: adminCookie,
    });
    expect(found.json().map((license: { name: string }) => license.name)).toEqual([
      "Sealed license",
    ]);

    const password = "Pa55word-in-clear";
    const account = await commit(
      "accounts",
      csv([
        ["Email", "Password", "Provider"],
        ["sealed@example.com", password, "Microsoft 365"],
      ]),
    );
    expect(account.statusCode, account.body).toBe(200);
    const [stored] = await t.app.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, "sealed@example.com"));
    expect(stored!.provider).toBe("microsoft365");
    expect(JSON.stringify(stored)).not.toContain(password);
    expect(t.app.secrets.open(stored!.passwordCiphertext!)).toBe(password);
  });

  it("imports each area with the form's defaults and refuses its duplicates", async () => {
    const files: Record<ImportArea, (string | number)[][]> = {
      licenses: [
        ["Name", "License Key", "License Type", "Payment Frequency", "Auto Renew"],
        ["Each area license", "EACH-0001", "Enterprise", "One-Time", "yes"],
      ],
      hardware: [
        ["Name", "Type", "Serial Number/Identifier", "Specifications"],
        ["Each area laptop", "Laptop", "EACH-SN-0001", "RAM: 16 GB\nCPU: M3"],
      ],
      users: [
        ["Username", "Full Name", "Email", "Role", "Active"],
        ["each.area", "Each Area", "each.area@example.com", "admin", "no"],
      ],
      directories: [
        ["Name", "Location", "Payment Amount", "Next Payment Date"],
        ["Each area listing", "Perth", "99.95", "2027-05-01"],
      ],
      accounts: [
        ["Email", "Password", "Provider", "Payment Amount"],
        ["each.area@example.com", "s3cret-each", "adobe", "12.5"],
      ],
      // Seats and account assignments name the license and account above and an active person.
      seats: [
        ["License", "User"],
        ["Each area license", adminUsername],
      ],
      "account-assignments": [
        ["Account", "User", "Device Name", "Assigned Date"],
        ["each.area@example.com", adminUsername, "EACH-PC", "2026-03-01"],
      ],
      "gsuite-organizations": [
        ["Name", "Domain"],
        ["Each Area Org", "each-area.example"],
      ],
      "gsuite-plans": [
        ["Name", "Base Price"],
        ["Each Area Plan", "6"],
      ],
      "gsuite-accounts": [
        ["Email", "Organization", "Plan Type"],
        ["jo@each-area.example", "Each Area Org", "each area plan"],
      ],
      "trust-reviews": [
        ["Client", "License", "Assigned Date"],
        ["Each Area Client", "Each area license", "2026-03-01"],
      ],
    };
    for (const area of IMPORT_AREAS) {
      const response = await commit(area, csv(files[area]));
      expect(response.json(), area).toMatchObject({ area, imported: 1, skipped: 0 });
      const again = await preview(area, csv(files[area]));
      expect(again.rows[0]!.problems, area).toEqual([importAreas[area].duplicate.existsMessage]);
    }
    const [license] = await t.app.db
      .select()
      .from(licenses)
      .where(eq(licenses.name, "Each area license"));
    expect(license).toMatchObject({
      licenseType: "enterprise",
      paymentFrequency: "one-time",
      autoRenew: true,
      totalSeats: 5,
      product: "SEO Spider",
      renewalStatus: "manual",
    });
    const [item] = await t.app.db
      .select()
      .from(hardware)
      .where(eq(hardware.identifier, "EACH-SN-0001"));
    expect(item).toMatchObject({
      type: "laptop",
      status: "active",
      specs: { RAM: "16 GB", CPU: "M3" },
    });
    expect(item!.warrantyExpiry).not.toBeNull();
    const [user] = await t.app.db.select().from(users).where(eq(users.username, "each.area"));
    expect(user).toMatchObject({ role: "admin", isActive: false, passwordHash: null });
    const [listing] = await t.app.db
      .select()
      .from(directories)
      .where(eq(directories.name, "Each area listing"));
    expect(listing).toMatchObject({ paymentAmount: 99.95, paymentFrequencyMonths: 12 });
    // A username differing only in case is the same username.
    const shouting = await preview("users", csv([["Username"], ["EACH.AREA"]]));
    expect(shouting.rows[0]!.problems).toEqual(["Username already exists."]);
  });

  it("takes the imported table's statistics once its rows are in, after the answer", async () => {
    const header = ["Name", "Location", "Payment Amount", "Next Payment Date"];
    const rows = ["Alpha", "Beta", "Gamma"].map((name) => [
      `Statistics ${name}`,
      "Perth",
      "10",
      "2027-05-01",
    ]);
    const response = await commit("directories", csv([header, ...rows]));
    expect(response.json()).toMatchObject({ imported: 3 });
    await t.app.statistics.idle();
    const result = await t.app.db.execute(sql`
      select (select reltuples::float8 from pg_class
          where oid = to_regclass(current_schema() || '.directories')) as reltuples,
        (select count(*)::float8 from directories) as rows`);
    const [row] = (result as unknown as { rows: { reltuples: number; rows: number }[] }).rows;
    expect(Number(row!.reltuples)).toBe(Number(row!.rows));
  });

  it("round-trips a list read from the API, with the API's field names as headers", async () => {
    const names = ["Trip A", "Trip B"];
    await commit(
      "hardware",
      csv([
        [
          "Name",
          "Type",
          "Serial Number/Identifier",
          "Location",
          "Status",
          "Purchase Date",
          "Warranty Expiry",
          "PC Name",
          "Notes",
        ],
        [
          names[0]!,
          "monitor",
          "TRIP-1",
          "Desk 4",
          "maintenance",
          "2026-01-02",
          "2028-01-02",
          "",
          '24", "matte"',
        ],
        [names[1]!, "desktop", "TRIP-2", "", "reserved", "", "2027-06-30", "PC-9", ""],
      ]),
    );
    const fields = [
      "name",
      "type",
      "identifier",
      "location",
      "status",
      "purchaseDate",
      "warrantyExpiry",
      "pcName",
      "notes",
    ] as const;
    const list = (
      await t.request({ method: "GET", url: "/api/hardware?search=Trip", cookie: adminCookie })
    ).json<Record<string, string | null>[]>();
    const exported = list.filter((item) => names.includes(String(item.name)));
    expect(exported).toHaveLength(2);
    // Into an empty database: the same rows come back.
    await t.app.db.delete(hardware).where(eq(hardware.identifier, "TRIP-1"));
    await t.app.db.delete(hardware).where(eq(hardware.identifier, "TRIP-2"));
    const file = csv([
      [...fields],
      ...exported.map((item) => fields.map((field) => item[field] ?? "")),
    ]);
    expect((await commit("hardware", file)).json()).toMatchObject({ imported: 2 });
    const back = (
      await t.request({ method: "GET", url: "/api/hardware?search=Trip", cookie: adminCookie })
    ).json<Record<string, string | null>[]>();
    const pick = (items: Record<string, string | null>[]) =>
      items
        .filter((item) => names.includes(String(item.name)))
        .map((item) => Object.fromEntries(fields.map((field) => [field, item[field]])));
    expect(pick(back)).toEqual(pick(exported));
  });
});

describe("activity log", () => {
  it("records each import once, with its rows, in the same transaction; a refused one not at all", async () => {
    const imports = () =>
      t.app.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, "import"), eq(activityLog.area, "office_accounts")));
    const before = (await imports()).length;
    const refused = await commit(
      "accounts",
      csv([
        ["Email", "Password", "Provider"],
        ["logged@example.com", "pw", "adobe"],
      ]),
    );
    expect(refused.json().code).toBe("IMPORT_ROWS_INVALID");
    expect(await imports()).toHaveLength(before);

    const file = csv([
      ["Email", "Password", "Provider"],
      ["logged1@example.com", "secret-one", "adobe"],
      ["logged2@example.com", "secret-two", "adobe"],
      ["bad", "secret-three", "adobe"],
    ]);
    expect((await commit("accounts", file, true)).statusCode).toBe(200);
    const after = await imports();
    expect(after).toHaveLength(before + 1);
    const entry = after.at(-1)!;
    expect(entry).toMatchObject({ detail: { rows: 2, skipped: 1 }, itemId: null });
    expect(entry.userId).not.toBeNull();
    expect(JSON.stringify(entry)).not.toContain("secret-");
  });
});

describe("one import per area at a time", () => {
  it("answers 409 to a second import while the first is writing, and shows its progress", async () => {
    const { started, release } = holdImportWrites("hardware");
    const file = (prefix: string) =>
      csv([
        ["Name", "Type", "Serial Number/Identifier"],
        ...Array.from({ length: 3 }, (_, i) => [`${prefix} ${i}`, "monitor", `${prefix}-${i}`]),
      ]);
    const first = commit("hardware", file("CONC-A"));
    await started;
    const second = await commit("hardware", file("CONC-B"));
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("IMPORT_IN_PROGRESS");
    const progress = await t.request({
      method: "GET",
      url: "/api/imports/hardware/progress",
      cookie: adminCookie,
    });
    expect(progress.json<ImportProgressResponse>()).toEqual({
      running: true,
      phase: "writing",
      processed: 0,
      total: 3,
    });
    release();
    expect((await first).json()).toMatchObject({ imported: 3 });
    const idle = await t.request({
      method: "GET",
      url: "/api/imports/hardware/progress",
      cookie: adminCookie,
    });
    expect(idle.json()).toEqual({ running: false, phase: null, processed: 0, total: 0 });
    // Free again.
    expect((await commit("hardware", file("CONC-B"))).statusCode).toBe(200);
  });

  it("takes over an import whose server died (its lease ran out)", async () => {
    // What a dead server leaves: its unfinished import row and its lease, held by nobody alive.
    const [dead] = await t.app.db
      .insert(csvImports)
      .values({ area: "directories", startedAt: new Date(Date.now() - 60 * 60_000) })
      .returning({ id: csvImports.id });
    const deadLease = { name: "csv-import:directories", holder: "a-dead-server" };
    const holdUntil = (ms: number) => ({ ...deadLease, expiresAt: new Date(Date.now() + ms) });
    await t.app.db
      .insert(jobLeases)
      .values(holdUntil(60_000))
      .onConflictDoUpdate({ target: jobLeases.name, set: holdUntil(60_000) });
    const file = csv([
      ["Name", "Payment Amount", "Next Payment Date"],
      ["After a crash", "1", "2027-01-01"],
    ]);

    // While its hold runs, the area is still its import's: a new one waits its turn.
    const refused = await commit("directories", file);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe("IMPORT_IN_PROGRESS");

    // Once the hold has run out, the next import takes over and marks the dead one interrupted.
    await t.app.db
      .update(jobLeases)
      .set(holdUntil(-1_000))
      .where(eq(jobLeases.name, deadLease.name));
    const response = await commit("directories", file);
    expect(response.statusCode, response.body).toBe(200);
    const [old] = await t.app.db.select().from(csvImports).where(eq(csvImports.id, dead!.id));
    expect(old?.outcome).toBe("error");
    expect(old?.finishedAt).not.toBeNull();
    expect(old?.message).toMatch(/interrupted/);
  });
});

describe("only administrators import", () => {
  it.each([
    ["GET", "/api/imports/licenses/template"],
    ["POST", "/api/imports/licenses/preview"],
    ["POST", "/api/imports/licenses"],
    ["GET", "/api/imports/licenses/progress"],
  ] as const)("%s %s: 403 for a user, 401 signed out, nothing written", async (method, url) => {
    const before = await countOf(licenses);
    const file = csv([LICENSE_HEADER, ["By a user", "USER-0001", 1, "1", ""]]);
    for (const [cookie, status] of [
      [userCookie, 403],
      [undefined, 401],
    ] as const) {
      const response = await t.request({
        method,
        url,
        ...(cookie ? { cookie } : {}),
        ...(method === "POST" ? { payload: file, headers: { "content-type": "text/csv" } } : {}),
      });
      expect(response.statusCode).toBe(status);
    }
    expect(await countOf(licenses)).toBe(before);
  });

  it("refuses them before reading the body: a file that cannot be read still gets 401/403", async () => {
    // Binary (a PDF): read, it would be a 400 IMPORT_NOT_CSV; larger than the limit, a 413.
    const unreadable = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(64, 0)]);
    const oversized = Buffer.alloc(21 * 1024 * 1024, 0x41);
    for (const url of ["/api/imports/licenses/preview", "/api/imports/licenses"]) {
      for (const body of [unreadable, oversized]) {
        for (const [cookie, status] of [
          [userCookie, 403],
          [undefined, 401],
        ] as const) {
          const response = await t.request({
            method: "POST",
            url,
            ...(cookie ? { cookie } : {}),
            payload: body,
            headers: { "content-type": "text/csv" },
          });
          expect(response.statusCode, `${url} ${response.body}`).toBe(status);
        }
      }
    }
  });

  it("refuses an unknown area", async () => {
    const response = await send("/api/imports/droplets/preview", csv([["Name"], ["x"]]));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
  });
});

// Importing license seats and office account assignments (issue 31, item 3): rows name a license
// or an account and a person in words, and get the Assign routes' checks for the whole file: an
// unknown or ambiguous name, an inactive person, the same assignment twice (in the file or
// already), and a license's seat limit over the file's rows and the seats already assigned, each
// refused beside its row. Under concurrency the limit holds: an assignment through the dialog
// while a file is written waits for it, then finds no seat.
import { and, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { holdImportWrites } from "../../../tests/support/imports";
import { createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { todayIso } from "../../domain/dates";
import { mapColumns } from "../../domain/imports/mapping";
import type { ImportPreviewResponse } from "../../domain/schemas/imports";
import { accountAssignments, accounts, activityLog, licenseAssignments } from "../db/schema";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const csv = (rows: (string | number)[][]) => `${rows.map((row) => row.join(",")).join("\r\n")}\r\n`;

const send = (url: string, file: string) =>
  t.request({
    method: "POST",
    url,
    cookie: adminCookie,
    payload: file,
    headers: { "content-type": "text/csv" },
  });

async function preview(area: string, file: string) {
  const response = await send(`/api/imports/${area}/preview`, file);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreviewResponse>();
}

const problemsByLine = (result: ImportPreviewResponse) =>
  Object.fromEntries(result.rows.map((row) => [row.line, row.problems]));

const activeSeats = async (licenseId: number) =>
  Number(
    (
      await t.app.db
        .select({ n: count() })
        .from(licenseAssignments)
        .where(
          and(eq(licenseAssignments.licenseId, licenseId), eq(licenseAssignments.isActive, true)),
        )
    )[0]!.n,
  );

let sequence = 0;
const person = (input: Parameters<typeof createUser>[1] = {}) => {
  sequence++;
  return createUser(t.app.db, {
    username: `seat.person${sequence}`,
    email: `seat.person${sequence}@example.com`,
    fullName: `Seat Person ${sequence}`,
    ...input,
  });
};

describe("license seats", () => {
  it("assigns seats by license name and username or e-mail, with the dialog's defaults", async () => {
    const license = await createLicenseViaApi(t, adminCookie, {
      name: "Seat Suite",
      totalSeats: 3,
    });
    const jo = await person({ fullName: "Jo Seat" });
    const kim = await person({ fullName: null });
    const response = await send(
      "/api/imports/seats",
      csv([
        ["License", "User", "Assigned Date", "Notes"],
        ["seat suite", jo.username.toUpperCase(), "", "From the old tool"],
        ["Seat Suite", kim.email!, "15.01.2026", ""],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ area: "seats", imported: 2, skipped: 0 });
    const rows = await t.app.db
      .select()
      .from(licenseAssignments)
      .where(eq(licenseAssignments.licenseId, license.id))
      .orderBy(licenseAssignments.id);
    expect(rows).toMatchObject([
      {
        userId: jo.id,
        assignedTo: "Jo Seat",
        assignedDate: todayIso(),
        notes: "From the old tool",
        isActive: true,
      },
      // No full name: the username, as the Assign route stores it.
      { userId: kim.id, assignedTo: kim.username, assignedDate: "2026-01-15", notes: null },
    ]);
    const seen = await t.request({
      method: "GET",
      url: `/api/licenses/${license.id}`,
      cookie: adminCookie,
    });
    expect(seen.json()).toMatchObject({ assignedSeats: 2, seatsLeft: 1 });
    // One record of the import, on the licenses' log, as every import has.
    const [record] = await t.app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "import"), eq(activityLog.area, "licenses")));
    expect(record).toMatchObject({ itemId: null, detail: { rows: 2, skipped: 0 } });
  });

  it("refuses each row the Assign dialog would refuse, saying why", async () => {
    const license = await createLicenseViaApi(t, adminCookie, { name: "Checked Suite" });
    await createLicenseViaApi(t, adminCookie, { name: "Twin Suite" });
    await createLicenseViaApi(t, adminCookie, { name: "twin suite" });
    const holder = await person();
    const assigned = await t.request({
      method: "POST",
      url: "/api/assignments",
      cookie: adminCookie,
      payload: { licenseId: license.id, userId: holder.id },
    });
    expect(assigned.statusCode).toBe(201);
    const gone = await person({ isActive: false });
    const shared = await person({ email: "shared.seat@example.com" });
    const sharing = await person({ email: "Shared.Seat@example.com" });
    const fine = await person();

    const result = await preview(
      "seats",
      csv([
        ["License", "User"],
        ["Checked Suite", fine.username],
        ["No Such Suite", fine.username],
        ["Twin Suite", fine.username],
        ["Checked Suite", "nobody.here"],
        ["Checked Suite", "shared.seat@example.com"],
        ["Checked Suite", gone.username],
        ["Checked Suite", holder.username],
        // The same person as line 2, by e-mail.
        ["checked suite", fine.email!],
        ["", fine.username],
      ]),
    );
    expect(problemsByLine(result)).toEqual({
      2: [],
      3: [
        "License: no license is named 'No Such Suite'. Write the name of one on the Licenses page, or add the license there first.",
      ],
      4: [
        "License: 2 licenses are named 'Twin Suite', so the row cannot say which. Rename them on the Licenses page so that each name is different, then import again.",
      ],
      5: [
        "User: no user has the username or e-mail address 'nobody.here'. Add the person on the Users page first (or import them), or correct the cell.",
      ],
      6: [
        `User: 2 users have the e-mail address 'shared.seat@example.com' ('${shared.username}', '${sharing.username}'), so the row cannot say which: give the username instead.`,
      ],
      7: [`User: '${gone.username}' is inactive. Licenses cannot be assigned to an inactive user.`],
      8: ["This user already has an active assignment of this license."],
      9: ["Same license and user as line 2."],
      10: ["License: Write the license's name, as the Licenses page shows it"],
    });
    expect(result).toMatchObject({ totalRows: 9, validRows: 1, invalidRows: 8 });
    // Checking wrote nothing.
    expect(await activeSeats(license.id)).toBe(1);
  });

  it("keeps a license within its seats over the whole file, naming the lines that took them", async () => {
    const license = await createLicenseViaApi(t, adminCookie, { name: "Few Seats", totalSeats: 3 });
    const before = await person();
    await t.request({
      method: "POST",
      url: "/api/assignments",
      cookie: adminCookie,
      payload: { licenseId: license.id, userId: before.id },
    });
    const people = await Promise.all([1, 2, 3, 4].map(() => person()));
    const other = await person();
    const file = csv([
      ["License", "User", "Notes"],
      // A row with a problem of its own (one cell too many) takes no seat.
      ["Few Seats", other.username, "x", "extra"],
      ...people.map((p) => ["Few Seats", p.username, ""]),
    ]);
    const result = await preview("seats", file);
    const full =
      "No seat left on 'Few Seats': it has 3 seats, 1 assigned already and the rest taken by lines 3 and 4 of this file. Raise the license's Total Seats or leave rows out, then check the file again.";
    expect(problemsByLine(result)).toEqual({
      2: [
        "This row has 4 cells but the header has 3: a cell may be missing or hold an unquoted separator.",
      ],
      3: [],
      4: [],
      5: [full],
      6: [full],
    });

    const refused = await send("/api/imports/seats", file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "IMPORT_ROWS_INVALID" });
    expect(refused.json().errors).toContainEqual({ path: "line 5", message: full });
    expect(await activeSeats(license.id)).toBe(1);

    const skipped = await send("/api/imports/seats?skipInvalid=true", file);
    expect(skipped.json()).toMatchObject({ imported: 2, skipped: 3 });
    expect(await activeSeats(license.id)).toBe(3);

    // Full now: the next file's row says so without naming lines.
    const again = await preview(
      "seats",
      csv([
        ["License", "User"],
        ["Few Seats", people[3]!.username],
      ]),
    );
    expect(again.rows[0]!.problems).toEqual([
      "No seat left on 'Few Seats': all 3 seats are assigned already. Unassign a seat or raise the license's Total Seats, then check the file again.",
    ]);
  });

  it("holds the limit against the Assign dialog while a file is written", async () => {
    const license = await createLicenseViaApi(t, adminCookie, {
      name: "Raced Seats",
      totalSeats: 2,
    });
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => person()));
    const { started, release } = holdImportWrites("seats");
    const importing = send(
      "/api/imports/seats",
      csv([
        ["License", "User"],
        ["Raced Seats", first!.username],
        ["Raced Seats", second!.username],
      ]),
    );
    // The file is checked and its seats counted; its rows are not in yet.
    await started;
    const assigning = t.request({
      method: "POST",
      url: "/api/assignments",
      cookie: adminCookie,
      payload: { licenseId: license.id, userId: third!.id },
    });
    // Long enough for the assignment to count the seats, if nothing made it wait.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    expect((await importing).json()).toMatchObject({ imported: 2 });
    const assigned = await assigning;
    expect(assigned.statusCode, assigned.body).toBe(409);
    expect(assigned.json()).toMatchObject({ code: "SEATS_EXHAUSTED" });
    expect(await activeSeats(license.id)).toBe(2);
  });

  it("suggests the columns of Snipe-IT's licenses file: Item name and Username", () => {
    const mapping = mapColumns("seats", ["Full Name", "Email", "Username", "Item name", "notes"]);
    expect(Object.fromEntries(mapping.map((entry) => [entry.column, entry.field]))).toEqual({
      "Full Name": null,
      Email: null,
      Username: "user",
      "Item name": "license",
      notes: "notes",
    });
  });
});

describe("office account assignments", () => {
  async function account(email: string) {
    const [row] = await t.app.db
      .insert(accounts)
      .values({
        email,
        passwordCiphertext: t.app.secrets.seal("pw-1234").ciphertext,
        provider: "microsoft365",
      })
      .returning();
    return row!;
  }

  it("assigns accounts by e-mail to people by username or e-mail, Assigned To defaulting to the name", async () => {
    const office = await account("front.desk@example.com");
    const jo = await person({ fullName: "Jo Desk" });
    const response = await send(
      "/api/imports/account-assignments",
      csv([
        ["Account", "User", "Assigned To", "Device Name", "Assigned Date", "Notes"],
        ["FRONT.DESK@example.com", jo.email!, "", "SYD-LT-1", "2026-02-01", ""],
        ["front.desk@example.com", jo.username, "Reception", "SYD-LT-2", "2026-02-02", "Spare"],
      ]),
    );
    expect(response.json()).toMatchObject({ area: "account-assignments", imported: 2 });
    const rows = await t.app.db
      .select()
      .from(accountAssignments)
      .where(eq(accountAssignments.accountId, office.id))
      .orderBy(accountAssignments.id);
    expect(rows).toMatchObject([
      {
        userId: jo.id,
        assignedTo: "Jo Desk",
        deviceName: "SYD-LT-1",
        assignedDate: "2026-02-01",
        isActive: true,
        notes: null,
      },
      { userId: jo.id, assignedTo: "Reception", deviceName: "SYD-LT-2", notes: "Spare" },
    ]);
    const [record] = await t.app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "import"), eq(activityLog.area, "office_accounts")));
    expect(record).toMatchObject({ detail: { rows: 2, skipped: 0 } });
  });

  it("refuses each row the Assign dialog would refuse, and the same assignment twice", async () => {
    await account("checked.desk@example.com");
    const fine = await person();
    const gone = await person({ isActive: false });
    const header = ["Account", "User", "Device Name", "Assigned Date"];
    const done = await send(
      "/api/imports/account-assignments",
      csv([header, ["checked.desk@example.com", fine.username, "PC-1", "2026-03-01"]]),
    );
    expect(done.statusCode, done.body).toBe(200);

    const result = await preview(
      "account-assignments",
      csv([
        header,
        ["checked.desk@example.com", fine.username, "PC-2", "2026-03-01"],
        ["nobody.desk@example.com", fine.username, "PC-3", "2026-03-01"],
        ["checked.desk@example.com", gone.username, "PC-4", "2026-03-01"],
        ["checked.desk@example.com", fine.username, "pc-1", "2026-03-01"],
        ["checked.desk@example.com", fine.email!, "PC-2", "2026-03-02"],
        ["checked.desk@example.com", fine.username, "", ""],
      ]),
    );
    expect(problemsByLine(result)).toEqual({
      2: [],
      3: [
        "Account: no office account has the e-mail address 'nobody.desk@example.com'. Add it on the MS Office Accounts page first (or import it), or correct the address.",
      ],
      4: [`User: '${gone.username}' is inactive. Accounts cannot be assigned to an inactive user.`],
      5: ["This account is already assigned to this user on this device."],
      6: ["Same account, user and device as line 2."],
      7: ["Device Name: Device name is required", "Assigned Date: Assignment date is required"],
    });
  });

  it("suggests its columns from common names", () => {
    const mapping = mapColumns("account-assignments", [
      "Account Email",
      "Username",
      "Device",
      "Date Assigned",
    ]);
    expect(mapping.map((entry) => entry.field)).toEqual([
      "account",
      "user",
      "deviceName",
      "assignedDate",
    ]);
  });
});

describe("templates", () => {
  it.each(["seats", "account-assignments"])(
    "gives %s a template naming its columns",
    async (area) => {
      const response = await t.request({
        method: "GET",
        url: `/api/imports/${area}/template`,
        cookie: adminCookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.body.split("\r\n")[0]).toBe(
        area === "seats"
          ? "License,User,Assigned Date,Notes"
          : "Account,User,Assigned To,Device Name,Assigned Date,Notes",
      );
    },
  );
});

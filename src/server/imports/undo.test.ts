// Undoing an import (issue 31, item 4): the history lists it, an undo removes exactly the rows it
// created that nobody touched since, keeps the edited ones and those other rows refer to, is
// refused a second time and while the area's import runs, and is for administrators only.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { holdImportWrites } from "../../../tests/support/imports";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type { ImportHistoryEntry, ImportUndoResponse } from "../../domain/schemas/imports";
import { activityLog, csvImports, licenseAssignments, licenses } from "../db/schema";

let t: TestApp;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
  ({ cookie: userCookie } = await t.signedInUser({ role: "user" }));
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const HEADER = "Name,License Key,Total Seats,Payment Amount,Expiry Date\r\n";
const file = (prefix: string, n: number) =>
  HEADER +
  Array.from({ length: n }, (_, i) => `${prefix} ${i},${prefix}-KEY-${i},5,10,`).join("\r\n");

async function importLicenses(prefix: string, n: number, fileName = `${prefix}.csv`) {
  const response = await t.request({
    method: "POST",
    url: `/api/imports/licenses?fileName=${encodeURIComponent(fileName)}`,
    cookie: adminCookie,
    payload: file(prefix, n),
    headers: { "content-type": "text/csv" },
  });
  expect(response.statusCode, response.body).toBe(200);
  const [entry] = await t.app.db
    .select()
    .from(csvImports)
    .orderBy(sql`${csvImports.id} desc`)
    .limit(1);
  return entry!;
}

const undo = (id: number, cookie = adminCookie) =>
  t.request({ method: "DELETE", url: `/api/imports/${id}`, cookie });

const licenseSnapshot = () =>
  t.app.db
    .select()
    .from(licenses)
    .orderBy(asc(licenses.id))
    .then((rows) => JSON.stringify(rows));

describe("undo an import", () => {
  it("leaves the table as before an untouched import, and records the undo", async () => {
    const before = await licenseSnapshot();
    const entry = await importLicenses("Untouched", 20);
    expect(entry.createdIds).toHaveLength(20);
    expect(entry.fileName).toBe("Untouched.csv");
    const response = await undo(entry.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportUndoResponse>()).toEqual({ removed: 20, kept: [] });
    expect(await licenseSnapshot()).toBe(before);
    const records = await t.app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.action, "delete"), eq(activityLog.itemLabel, "CSV import undone")));
    expect(records.at(-1)?.detail).toMatchObject({ importId: entry.id, removed: 20, kept: 0 });
  });

  it("removes exactly the created rows, keeping an edited one and one with seats", async () => {
    const other = await importLicenses("Other", 2);
    const entry = await importLicenses("Mixed", 4);
    const [editedId, assignedId, ...rest] = entry.createdIds!;
    await t.app.db.execute(
      sql`update licenses set notes = 'renewed', updated_at = clock_timestamp() where id = ${editedId}`,
    );
    await t.app.db.insert(licenseAssignments).values({
      licenseId: assignedId!,
      assignedTo: "Someone",
      assignedDate: "2026-01-01",
    });
    const response = await undo(entry.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ImportUndoResponse>();
    expect(body.removed).toBe(2);
    expect(body.kept).toEqual([
      { id: editedId, label: "Mixed 0", reason: "changed" },
      { id: assignedId, label: "Mixed 1", reason: "in_use" },
    ]);
    const left = await t.app.db
      .select({ id: licenses.id })
      .from(licenses)
      .where(inArray(licenses.id, [...entry.createdIds!, ...other.createdIds!]));
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      [editedId!, assignedId!, ...other.createdIds!].sort((a, b) => a - b),
    );
    expect(rest).toHaveLength(2);
    // The seat made after the import is still there.
    const seats = await t.app.db
      .select()
      .from(licenseAssignments)
      .where(eq(licenseAssignments.licenseId, assignedId!));
    expect(seats).toHaveLength(1);
  });

  it("keeps a seat deactivated since the import (its updated_at moved by the trigger)", async () => {
    const license = await importLicenses("Seated", 1);
    const [holderA, holderB] = [
      await t.signedInUser({ role: "user" }),
      await t.signedInUser({ role: "user" }),
    ];
    const response = await t.request({
      method: "POST",
      url: "/api/imports/seats?fileName=seats.csv",
      cookie: adminCookie,
      payload: `License,User\r\nSeated 0,${holderA.user.username}\r\nSeated 0,${holderB.user.username}\r\n`,
      headers: { "content-type": "text/csv" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await t.app.db
      .select()
      .from(csvImports)
      .orderBy(sql`${csvImports.id} desc`)
      .limit(1);
    const [deactivatedId, untouchedId] = entry!.createdIds!;
    const deactivated = await t.request({
      method: "PATCH",
      url: `/api/assignments/${deactivatedId}/deactivate`,
      cookie: adminCookie,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const undone = await undo(entry!.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<ImportUndoResponse>()).toMatchObject({
      removed: 1,
      kept: [{ id: deactivatedId, reason: "changed" }],
    });
    const left = await t.app.db
      .select({ id: licenseAssignments.id })
      .from(licenseAssignments)
      .where(eq(licenseAssignments.licenseId, license.createdIds![0]!));
    expect(left.map((row) => row.id)).toEqual([deactivatedId]);
    expect(untouchedId).toBeDefined();
  });

  it("refuses a second undo, an unknown id and a non-administrator", async () => {
    const entry = await importLicenses("Twice", 1);
    expect((await undo(entry.id, userCookie)).statusCode).toBe(403);
    expect((await undo(entry.id)).statusCode).toBe(200);
    const again = await undo(entry.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("IMPORT_ALREADY_UNDONE");
    expect((await undo(999_999)).statusCode).toBe(404);
    expect((await undo(0)).statusCode).toBe(400);
  });

  // PostgreSQL only: on PGlite (one connection) the undo's first read waits for the held import.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "refuses an undo while an import of the area runs",
    async () => {
      const entry = await importLicenses("Before", 1);
      const held = holdImportWrites("licenses");
      const running = importLicenses("During", 1);
      await held.started;
      const refused = await undo(entry.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe("IMPORT_IN_PROGRESS");
      const [runningEntry] = await t.app.db
        .select()
        .from(csvImports)
        .orderBy(sql`${csvImports.id} desc`)
        .limit(1);
      const stillRunning = await undo(runningEntry!.id);
      expect(stillRunning.statusCode).toBe(409);
      expect(stillRunning.json().code).toBe("IMPORT_NOT_UNDOABLE");
      held.release();
      await running;
      expect((await undo(entry.id)).statusCode).toBe(200);
    },
  );

  it("lists imports newest first for administrators, by area, with their undo", async () => {
    const entry = await importLicenses("Listed", 1, "listed file.csv");
    const response = await t.request({
      method: "GET",
      url: "/api/imports?area=licenses&limit=2",
      cookie: adminCookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [first] = response.json<ImportHistoryEntry[]>();
    expect(first).toMatchObject({
      id: entry.id,
      area: "licenses",
      fileName: "listed file.csv",
      rows: 1,
      outcome: "success",
      undoable: true,
      undoneAt: null,
    });
    expect(Number(response.headers["x-total-count"])).toBeGreaterThan(1);
    const forbidden = await t.request({ method: "GET", url: "/api/imports", cookie: userCookie });
    expect(forbidden.statusCode).toBe(403);
    const bad = await t.request({
      method: "GET",
      url: "/api/imports?area=nope",
      cookie: adminCookie,
    });
    expect(bad.statusCode).toBe(400);
  });
});

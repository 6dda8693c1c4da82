// The printable checklist, read back with an independent PDF text extractor (pdf-parse, pdf.js).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/support/export-readers";
import { createUser } from "../../../tests/support/factories";
import { assignViaApi, createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { hardware } from "../db/schema";

let t: TestApp;
let admin: { user: { id: number; username: string }; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin", fullName: "Ada Admin" });
});
afterAll(() => t.close());

const checklist = (id: number, cookie = admin.cookie) =>
  t.request({ method: "GET", url: `/api/users/${id}/offboard/checklist.pdf`, cookie });

describe("GET /api/users/:id/offboard/checklist.pdf", () => {
  it("prints who left, who offboarded them, and each item with what was done", async () => {
    const person = await createUser(t.app.db, { fullName: "Lea Leaving", username: "lea.leaving" });
    const heir = await createUser(t.app.db, { fullName: "Hugo Heir", username: "hugo" });
    const license = await createLicenseViaApi(t, admin.cookie, { name: "Figma Team" });
    const seat = await assignViaApi(t, admin.cookie, license.id, person.id);
    const [laptop] = await t.app.db
      .insert(hardware)
      .values({
        name: "MacBook Pro 14",
        type: "laptop",
        identifier: `SN-CHECK-${process.pid}`,
        assignedToUserId: person.id,
      })
      .returning();
    const [monitor] = await t.app.db
      .insert(hardware)
      .values({
        name: "Dell Monitor",
        type: "monitor",
        identifier: `SN-CHECK-M-${process.pid}`,
        assignedToUserId: person.id,
      })
      .returning();
    const done = await t.request({
      method: "POST",
      url: `/api/users/${person.id}/offboard`,
      payload: {
        decisions: [
          { kind: "license_seat", id: seat.id, action: "reassign", toUserId: heir.id },
          { kind: "hardware", id: laptop!.id, action: "keep" },
          { kind: "hardware", id: monitor!.id, action: "release" },
        ],
      },
      cookie: admin.cookie,
    });
    expect(done.statusCode, done.body).toBe(200);

    const response = await checklist(person.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toMatch(
      new RegExp(`^inline; filename="offboarding-${person.id}-\\d{4}-\\d{2}-\\d{2}\\.pdf"$`),
    );
    const text = (await pdfText(response.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("Offboarding checklist");
    expect(text).toContain("Person: Lea Leaving (lea.leaving)");
    expect(text).toContain(`Offboarded by: Ada Admin (${admin.user.username})`);
    expect(text).toContain("The account was deactivated and all its sessions were ended.");
    expect(text).toContain("License seat Figma Team SEO Spider Reassigned to Hugo Heir (hugo)");
    expect(text).toContain("Dell Monitor");
    expect(text).toContain("Returned to available: collect the item");
    expect(text).toContain("MacBook Pro 14");
    expect(text).toContain("Kept by the person");
    expect(text).toContain("Checked by:");
  });

  it("says so when the person held nothing, and 404 when they were never offboarded", async () => {
    // A name outside Latin-1 prints as itself (embedded font), a CJK letter as U+FFFD.
    const person = await createUser(t.app.db, { fullName: "Ξένια Жукова 中" });
    expect((await checklist(person.id)).statusCode).toBe(404);
    await t.request({
      method: "POST",
      url: `/api/users/${person.id}/offboard`,
      payload: { decisions: [] },
      cookie: admin.cookie,
    });
    const response = await checklist(person.id);
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain("The person held nothing.");
    expect(text).toContain("Person: Ξένια Жукова \uFFFD");
    expect((await checklist(999999)).statusCode).toBe(404);
  });

  it("is for administrators only", async () => {
    const plain = await t.signedInUser();
    const person = await createUser(t.app.db);
    await t.request({
      method: "POST",
      url: `/api/users/${person.id}/offboard`,
      payload: { decisions: [] },
      cookie: admin.cookie,
    });
    const refused = await checklist(person.id, plain.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
  });
});

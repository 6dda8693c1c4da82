// Imports of G Suite organizations, plans and accounts, and of trust reviews (issue 31, item 3):
// each with its Add dialog's rules, duplicates refused in the file and against the data, other
// records named in words (an account's organization and plan, a trust review's license) found or
// refused in a sentence, amounts as people write them, the organizations' and plans' account
// counts kept by the triggers through the bulk insert, and one activity record per import.
import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { todayIso } from "../../domain/dates";
import type { ImportArea } from "../../domain/imports/columns";
import type { ImportPreviewResponse } from "../../domain/schemas/imports";
import {
  activityLog,
  gsuiteAccounts,
  gsuiteOrganizations,
  gsuitePlans,
  licenses,
  trustReviews,
} from "../db/schema";
import { importAreas } from "./areas";

let t: TestApp;
let adminCookie: string;
let adminName: string;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.signedInUser({ role: "admin" });
  adminCookie = admin.cookie;
  adminName = admin.user.username;
});
afterAll(() => t.close());

function csv(rows: (string | number)[][]): string {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${rows.map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}

const send = (url: string, file: string) =>
  t.request({
    method: "POST",
    url,
    cookie: adminCookie,
    payload: file,
    headers: { "content-type": "text/csv" },
  });

async function preview(area: ImportArea, rows: (string | number)[][]) {
  const response = await send(`/api/imports/${area}/preview`, csv(rows));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreviewResponse>();
}

/** Each line's problems, by line number. */
const problemsOf = (result: ImportPreviewResponse) =>
  Object.fromEntries(result.rows.map((row) => [row.line, row.problems]));

async function commit(area: ImportArea, rows: (string | number)[][]) {
  const response = await send(`/api/imports/${area}`, csv(rows));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ imported: number }>();
}

/** The counts the triggers keep, beside the accounts actually there. */
async function keptAndReal() {
  const organizations = await t.app.db
    .select({
      id: gsuiteOrganizations.id,
      kept: gsuiteOrganizations.accountCount,
      real: sql<number>`(select count(*)::int from gsuite_accounts a where a.organization_id = gsuite_organizations.id)`,
    })
    .from(gsuiteOrganizations)
    .orderBy(asc(gsuiteOrganizations.id));
  const plans = await t.app.db
    .select({
      id: gsuitePlans.id,
      kept: gsuitePlans.accountCount,
      real: sql<number>`(select count(*)::int from gsuite_accounts a where a.plan_id = gsuite_plans.id)`,
    })
    .from(gsuitePlans)
    .orderBy(asc(gsuitePlans.id));
  return { organizations, plans };
}

const importRecords = (
  area: "gsuite_organizations" | "gsuite_plans" | "gsuite" | "trust_reviews",
) =>
  t.app.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.action, "import"), eq(activityLog.area, area)));

describe("G Suite organizations", () => {
  it("imports with the form's rules, the first row first, refusing a domain twice", async () => {
    const result = await preview("gsuite-organizations", [
      ["Organisation Name", "Primary Domain", "Notes"],
      ["Acme", "Acme.example", "Head office"],
      ["Acme Two", "acme.EXAMPLE", ""],
      ["", "not a domain", ""],
    ]);
    // Another tool's headers, suggested onto the fields.
    expect(result.mapping).toEqual([
      { column: "Organisation Name", field: "name", suggested: true },
      { column: "Primary Domain", field: "domain", suggested: true },
      { column: "Notes", field: "description", suggested: true },
    ]);
    expect(problemsOf(result)).toEqual({
      2: [],
      3: ["Same domain as line 2."],
      4: [
        "Name: Organization name is required",
        "Domain: Domain must be a domain name, like example.com",
      ],
    });

    const before = (await importRecords("gsuite_organizations")).length;
    expect(
      await commit("gsuite-organizations", [
        ["Name", "Domain", "Description"],
        ["Acme", "Acme.example", "Head office"],
        ["Beta", "beta.example", ""],
      ]),
    ).toMatchObject({ imported: 2 });
    const rows = await t.app.db
      .select()
      .from(gsuiteOrganizations)
      .orderBy(asc(gsuiteOrganizations.id));
    expect(rows.map(({ name, domain, description }) => ({ name, domain, description }))).toEqual([
      { name: "Acme", domain: "acme.example", description: "Head office" },
      { name: "Beta", domain: "beta.example", description: null },
    ]);
    const list = await t.request({
      method: "GET",
      url: "/api/gsuite-organizations",
      cookie: adminCookie,
    });
    expect(list.json()[0]).toMatchObject({ domain: "acme.example", isDefault: true });
    expect(await importRecords("gsuite_organizations")).toHaveLength(before + 1);

    const again = await preview("gsuite-organizations", [
      ["Name", "Domain"],
      ["Acme again", "ACME.example"],
    ]);
    expect(problemsOf(again)).toEqual({ 2: ["An organization with this domain already exists."] });
  });
});

describe("G Suite plans", () => {
  it("imports prices as written, refusing a name twice regardless of case", async () => {
    const result = await preview("gsuite-plans", [
      ["Plan Name", "Price", "Currency", "Billing Cycle"],
      ["Starter", "A$8.40", "AUD", "Monthly"],
      ["STARTER", "8", "AUD", "monthly"],
      ["Cheap", "-1", "EUR", "weekly"],
    ]);
    expect(result.mapping.map((entry) => entry.field)).toEqual([
      "name",
      "basePrice",
      "currency",
      "billingCycle",
    ]);
    expect(problemsOf(result)).toEqual({
      2: [],
      3: ["Same name as line 2."],
      4: [
        "Base Price: Base price must be a valid number, 0 or greater",
        "Currency: Currency must be AUD, USD or INR",
        "Billing Frequency: Billing frequency must be monthly or annually",
      ],
    });

    await commit("gsuite-plans", [
      ["Name", "Base Price", "Currency", "Billing Frequency"],
      ["Starter", "A$8.40", "AUD", "Monthly"],
      ["Business Plus", "₹1,234.56", "INR", "Annually"],
    ]);
    const rows = await t.app.db.select().from(gsuitePlans).orderBy(asc(gsuitePlans.id));
    expect(
      rows.map(({ name, basePrice, currency, billingCycle, features, accountCount }) => ({
        name,
        basePrice,
        currency,
        billingCycle,
        features,
        accountCount,
      })),
    ).toEqual([
      {
        name: "Starter",
        basePrice: 8.4,
        currency: "AUD",
        billingCycle: "monthly",
        features: [],
        accountCount: 0,
      },
      {
        name: "Business Plus",
        basePrice: 1234.56,
        currency: "INR",
        billingCycle: "annually",
        features: [],
        accountCount: 0,
      },
    ]);
    const again = await preview("gsuite-plans", [
      ["Name", "Base Price"],
      ["starter", "1"],
    ]);
    expect(problemsOf(again)).toEqual({ 2: ["A plan with this name already exists."] });
  });
});

describe("G Suite accounts", () => {
  it("finds the organization by domain or name (the default when blank) and the plan by name, and keeps the counts", async () => {
    const before = await keptAndReal();
    const records = (await importRecords("gsuite")).length;
    const result = await preview("gsuite-accounts", [
      ["Primary Email", "Password", "Organization", "Plan", "Cost", "Currency", "Frequency"],
      ["one@acme.example", "first-secret", "acme.example", "starter", "$12.50", "USD", "annually"],
      ["two@beta.example", "", "Beta", "Business Plus", "", "", ""],
      ["three@acme.example", "", "", "STARTER", "0", "AUD", "monthly"],
    ]);
    expect(result.mapping.map((entry) => entry.field)).toEqual([
      "email",
      "password",
      "organization",
      "planType",
      "price",
      "paymentCurrency",
      "paymentFrequency",
    ]);
    expect(problemsOf(result)).toEqual({ 2: [], 3: [], 4: [] });
    const response = await send(
      "/api/imports/gsuite-accounts",
      csv([
        ["Email", "Password", "Organization", "Plan Type", "Price", "Currency", "Frequency"],
        [
          "one@acme.example",
          "first-secret",
          "acme.example",
          "starter",
          "$12.50",
          "USD",
          "annually",
        ],
        ["two@beta.example", "", "Beta", "Business Plus", "", "", ""],
        ["three@acme.example", "", "", "STARTER", "0", "AUD", "monthly"],
      ]),
    );
    expect(response.json()).toMatchObject({ imported: 3 });

    const [acme] = await t.app.db
      .select()
      .from(gsuiteOrganizations)
      .where(eq(gsuiteOrganizations.domain, "acme.example"));
    const [starter] = await t.app.db
      .select()
      .from(gsuitePlans)
      .where(eq(gsuitePlans.name, "Starter"));
    const rows = await t.app.db.select().from(gsuiteAccounts).orderBy(asc(gsuiteAccounts.id));
    expect(
      rows.map(
        ({
          email,
          organization,
          organizationId,
          planType,
          planId,
          price,
          paymentCurrency,
          paymentFrequency,
          status,
          assignedToUserId,
        }) => ({
          email,
          organization,
          organizationId,
          planType,
          planId,
          price,
          paymentCurrency,
          paymentFrequency,
          status,
          assignedToUserId,
        }),
      ),
    ).toEqual([
      {
        email: "one@acme.example",
        organization: "acme.example",
        organizationId: acme!.id,
        planType: "Starter",
        planId: starter!.id,
        price: 12.5,
        paymentCurrency: "USD",
        paymentFrequency: "annually",
        status: "active",
        assignedToUserId: null,
      },
      expect.objectContaining({
        email: "two@beta.example",
        organization: "beta.example",
        planType: "Business Plus",
        price: 0,
        paymentCurrency: "AUD",
        paymentFrequency: "monthly",
      }),
      // Blank organization: the default (the first created), as the form's default.
      expect.objectContaining({ email: "three@acme.example", organizationId: acme!.id }),
    ]);
    expect(rows[0]!.passwordCiphertext).not.toContain("first-secret");
    expect(t.app.secrets.open(rows[0]!.passwordCiphertext!)).toBe("first-secret");
    expect(rows[1]!.passwordCiphertext).toBeNull();

    // The statement triggers counted the batch: every kept count equals the accounts there.
    const after = await keptAndReal();
    for (const { kept, real } of [...after.organizations, ...after.plans]) expect(kept).toBe(real);
    expect(after.organizations.find((o) => o.id === acme!.id)!.kept).toBe(
      before.organizations.find((o) => o.id === acme!.id)!.kept + 2,
    );
    expect(after.plans.find((p) => p.id === starter!.id)!.kept).toBe(2);
    const records2 = await importRecords("gsuite");
    expect(records2).toHaveLength(records + 1);
    expect(records2.at(-1)!.detail).toEqual({ rows: 3, skipped: 0 });
    expect(JSON.stringify(records2)).not.toContain("first-secret");
  });

  it("refuses, in words, an unknown or shared organization name, an unknown plan, an address off the domain, a masked password and duplicates", async () => {
    // A second organization called 'Beta', on another domain: the name no longer says which.
    await commit("gsuite-organizations", [
      ["Name", "Domain"],
      ["Beta", "beta-two.example"],
    ]);
    const counts = await t.app.db.select({ n: count() }).from(gsuiteAccounts);
    const result = await preview("gsuite-accounts", [
      ["Email", "Password", "Organization", "Plan Type"],
      ["new@nowhere.example", "", "nowhere.example", "Starter"],
      ["new@beta.example", "", "Beta", "Starter"],
      ["new2@beta.example", "", "beta.example", "Enterprise"],
      ["new@acme.example", "", "beta.example", "Starter"],
      ["new3@acme.example", "********", "acme.example", "Starter"],
      ["ONE@acme.example", "", "acme.example", "Starter"],
      ["dup@acme.example", "", "acme.example", "Starter"],
      ["Dup@acme.example", "", "acme.example", "Starter"],
      ["bad", "abc", "acme.example", ""],
    ]);
    expect(problemsOf(result)).toEqual({
      2: [
        "Organization: no organization is named 'nowhere.example'. Write the domain or the name of one on the Organizations tab, or add the organization there first.",
      ],
      3: [
        "Organization: 2 organizations are named 'Beta', so the row cannot say which. Write the organization's domain instead.",
      ],
      4: [
        "Plan Type: no plan is named 'Enterprise'. Write the name of one on the Plans tab, or add the plan there first.",
      ],
      5: ["Email: Email must be on the organization's domain (beta.example)."],
      6: [expect.stringMatching(/^Password: this is a masked password/)],
      7: ["An account with this email already exists."],
      8: [],
      9: ["Same email as line 8."],
      10: [
        "Email: Please enter a valid email address",
        "Password: Password must be at least 4 characters",
        "Plan Type: Plan type is required",
      ],
    });
    const refused = await send(
      "/api/imports/gsuite-accounts",
      csv([
        ["Email", "Organization", "Plan Type"],
        ["new@beta.example", "Beta", "Starter"],
      ]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("IMPORT_ROWS_INVALID");
    expect(await t.app.db.select({ n: count() }).from(gsuiteAccounts)).toEqual(counts);
  });
});

describe("trust reviews", () => {
  it("finds the license by name, records the importer as approver and refuses duplicates", async () => {
    const licenseFile = csv([
      ["Name", "License Key"],
      ["Review Suite", "REVIEW-0001"],
      ["Twin Suite", "TWIN-0001"],
      ["twin suite", "TWIN-0002"],
    ]);
    expect((await send("/api/imports/licenses", licenseFile)).statusCode).toBe(200);
    const [license] = await t.app.db
      .select()
      .from(licenses)
      .where(eq(licenses.name, "Review Suite"));

    const rows = [
      [
        "Client Name",
        "License",
        "Assigned Date",
        "Payment Status",
        "Amount",
        "Currency",
        "Active",
        "Approval",
      ],
      ["Globex", "review suite", "15.01.2026", "Paying", "1.234,50", "EUR", "yes", "Approved"],
      ["Initech", "Review Suite", "16.01.2026", "not paying", "", "", "Inactive", ""],
    ];
    const result = await preview("trust-reviews", rows);
    expect(result.mapping.map((entry) => entry.field)).toEqual([
      "clientName",
      "license",
      "assignedDate",
      "paymentStatus",
      "clientPaymentAmount",
      "clientPaymentCurrency",
      "isActive",
      "approvalStatus",
    ]);
    expect(problemsOf(result)).toEqual({ 2: [], 3: [] });
    const records = (await importRecords("trust_reviews")).length;
    await commit("trust-reviews", rows);
    const stored = await t.app.db.select().from(trustReviews).orderBy(asc(trustReviews.id));
    expect(stored).toEqual([
      expect.objectContaining({
        licenseId: license!.id,
        clientName: "Globex",
        assignedDate: "2026-01-15",
        paymentStatus: "paying",
        clientPaymentAmount: 1234.5,
        clientPaymentCurrency: "EUR",
        isActive: true,
        cancellationRequestDate: null,
        approvalStatus: "approved",
        approvedBy: adminName,
      }),
      // Inactive: cancelled today (the form's rule); pending: nobody decided.
      expect.objectContaining({
        clientName: "Initech",
        paymentStatus: "not_paying",
        isActive: false,
        cancellationRequestDate: todayIso(),
        approvalStatus: "pending",
        approvedBy: null,
      }),
    ]);
    expect(await importRecords("trust_reviews")).toHaveLength(records + 1);

    const refusals = await preview("trust-reviews", [
      ["Client", "License", "Assigned Date"],
      ["GLOBEX", "Review Suite", "2026-01-15"],
      ["Hooli", "Missing Suite", "2026-01-15"],
      ["Hooli", "Twin Suite", "2026-01-15"],
      ["Umbrella", "Review Suite", "2026-02-01"],
      ["umbrella", "REVIEW SUITE", "2026-02-01"],
      ["U", "", ""],
    ]);
    expect(problemsOf(refusals)).toEqual({
      2: ["This client already has an assignment of this license from this assigned date."],
      3: [
        "License: no license is named 'Missing Suite'. Write the name of one on the Licenses page, or add the license there first.",
      ],
      4: [
        "License: 2 licenses are named 'Twin Suite', so the row cannot say which. Rename them on the Licenses page so that each name is different, then import again.",
      ],
      5: [],
      6: ["Same license, client and assigned date as line 5."],
      7: [
        "Client: Client name must be at least 2 characters.",
        "License: Write the license's name, as the Licenses page shows it",
        "Assigned Date: Please select the assignment date.",
      ],
    });
  });
});

describe("the created rows' ids", () => {
  it("each area's insert answers them, one per row (what an import keeps to be undone)", async () => {
    const [license] = await t.app.db.select({ id: licenses.id }).from(licenses).limit(1);
    const rolledBack = new Error("rolled back");
    await t.app.db
      .transaction(async (tx) => {
        const insert = (area: ImportArea, rows: unknown[]) =>
          importAreas[area].insert(tx, rows, t.app.secrets);
        const [organization] = (await insert("gsuite-organizations", [
          { name: "Ids Org", domain: "ids.example", description: null },
        ])) as number[];
        const plans = (await insert("gsuite-plans", [
          { name: "Ids A", basePrice: 1, currency: "AUD", billingCycle: "monthly" },
          { name: "Ids B", basePrice: 2, currency: "USD", billingCycle: "annually" },
        ])) as number[];
        const accounts = (await insert(
          "gsuite-accounts",
          ["a", "b", "c"].map((name) => ({
            email: `${name}@ids.example`,
            organization: "ids.example",
            organizationId: organization,
            planType: "Ids A",
            planId: plans[0],
            price: 0,
            paymentCurrency: "AUD",
            paymentFrequency: "monthly",
            status: "active",
          })),
        )) as number[];
        const reviews = (await insert("trust-reviews", [
          {
            licenseId: license!.id,
            clientName: "Ids Client",
            assignedDate: "2026-04-01",
            paymentStatus: "not_paying",
            clientPaymentCurrency: "AUD",
            paymentFrequency: "monthly",
            isActive: true,
            approvalStatus: "pending",
          },
        ])) as number[];
        const stored = await tx
          .select({ id: gsuiteAccounts.id })
          .from(gsuiteAccounts)
          .where(sql`${gsuiteAccounts.email} like '%@ids.example'`);
        expect(plans).toHaveLength(2);
        expect([...accounts].sort()).toEqual(stored.map((row) => row.id).sort());
        expect(reviews).toHaveLength(1);
        expect(organization).toEqual(expect.any(Number));
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
  });
});

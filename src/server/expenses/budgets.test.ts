// The monthly budgets (issue 34 item 4): GET/PUT /api/budgets for administrators, zod-checked and
// logged; Expense Analysis carries them in its display currency; a month's spend reaching 80% and
// 100% of a budget alerts once per level and month, whoever saves or passes again.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLicenseViaApi } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { addDays, todayIso } from "../../domain/dates";
import { NO_BUDGETS } from "../../domain/expenses/budgets";
import { monthOf } from "../../domain/money/months";
import { activityLog, budgets, notificationEvents } from "../db/schema";
import { checkBudgetAlerts } from "../notifications/budget-alerts";

let t: TestApp;
let admin: string;
let user: string;
const today = todayIso();
const month = monthOf(today);

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: admin } = await t.signedInUser({ role: "admin" }));
  ({ cookie: user } = await t.signedInUser({ role: "user" }));
  // 100 USD a month, paid since last month: the current month's license spend is 100 USD.
  await createLicenseViaApi(t, admin, {
    paymentAmount: 100,
    paymentCurrency: "USD",
    paymentFrequency: "monthly",
    purchaseDate: addDays(today, -40),
  });
});
afterAll(async () => {
  await t.close();
});

const put = (payload: object, cookie = admin) =>
  t.request({ method: "PUT", url: "/api/budgets", cookie, payload });
const budgetEvents = async () =>
  (
    await t.app.db
      .select({ key: notificationEvents.key, title: notificationEvents.title })
      .from(notificationEvents)
      .where(eq(notificationEvents.type, "budget"))
      .orderBy(notificationEvents.key)
  ).map((event) => event.key);

describe("/api/budgets", () => {
  it("is for administrators only", async () => {
    expect((await t.request({ url: "/api/budgets", cookie: user })).statusCode).toBe(403);
    expect((await put(NO_BUDGETS, user)).statusCode).toBe(403);
  });

  it("answers no budgets before any is set, and refuses bad bodies changing nothing", async () => {
    expect((await t.request({ url: "/api/budgets", cookie: admin })).json()).toEqual(NO_BUDGETS);
    for (const body of [
      { ...NO_BUDGETS, total: -1 },
      { ...NO_BUDGETS, currency: "EUR" },
      { ...NO_BUDGETS, bySource: { licenses: 1 } },
      { currency: "AUD", total: 10 },
    ]) {
      const answer = await put(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code).toBe("VALIDATION_FAILED");
    }
    expect(await t.app.db.select().from(budgets)).toEqual([]);
  });

  it("saves, logs, shows them in Expense Analysis' currency and alerts at 80% then 100%", async () => {
    const set = {
      currency: "USD",
      total: 120,
      bySource: { licenses: "200.00", directories: null, gsuite: "", hosting: 50 },
    };
    const saved = await put(set);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      currency: "USD",
      total: 120,
      bySource: { licenses: 200, directories: null, gsuite: null, hosting: 50 },
    });
    expect((await t.request({ url: "/api/budgets", cookie: admin })).json()).toEqual(saved.json());
    const [logged] = await t.app.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.area, "expenses"));
    expect(logged).toMatchObject({ action: "update", itemLabel: "Monthly budgets" });

    const inUsd = await t.request({ url: "/api/expenses/summary?currency=USD", cookie: admin });
    expect(inUsd.json().budget).toEqual({
      total: 120,
      bySource: { licenses: 200, directories: null, gsuite: null, hosting: 50 },
    });
    const inAud = await t.request({ url: "/api/expenses/summary?currency=AUD", cookie: admin });
    expect(inAud.json().budget.total).toBeGreaterThan(120); // converted at the stored rate

    // 100 of 120 overall: 83%, the 80% alert, once however often it is looked at.
    expect(await budgetEvents()).toEqual([`budget:${month}:total:80`]);
    expect(await t.app.db.transaction((tx) => checkBudgetAlerts(tx, today))).toBe(0);
    expect((await put(set)).statusCode).toBe(200);
    expect(await budgetEvents()).toEqual([`budget:${month}:total:80`]);

    // Licenses' budget lowered to 100: reached (both levels); overall unchanged.
    expect((await put({ ...set, bySource: { ...set.bySource, licenses: 100 } })).statusCode).toBe(
      200,
    );
    expect(await budgetEvents()).toEqual([
      `budget:${month}:licenses:100`,
      `budget:${month}:licenses:80`,
      `budget:${month}:total:80`,
    ]);
    const [reached] = await t.app.db
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.key, `budget:${month}:licenses:100`));
    expect(reached).toMatchObject({
      title: `Licenses budget reached for ${month}`,
      text: `$100.00 of the $100.00 monthly budget (USD) in ${month}.`,
      link: "/expenses?source=licenses",
    });
  });
});

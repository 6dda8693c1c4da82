// Expense Analysis and the expense calendar (decision 0015): administrators only, like the page.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { todayIso } from "../../domain/dates";
import { budgetsResponseSchema, budgetsSchema } from "../../domain/expenses/budgets";
import {
  calendarDayQuerySchema,
  calendarDayResponseSchema,
  calendarMonthQuerySchema,
  calendarMonthResponseSchema,
  expenseExportQuerySchema,
  expenseSummaryQuerySchema,
  expenseSummaryResponseSchema,
} from "../../domain/expenses/schemas";
import { actorOf } from "../activity/record";
import { requireAdmin } from "../auth/guards";
import { lightRead } from "../db/light-read";
import { declareListExport } from "../export/list-export-route";
import { expenseTable } from "../export/tables/expenses";
import { checkBudgetAlerts } from "../notifications/budget-alerts";
import { readBudgets, saveBudgets } from "./budgets-service";
import { calendarDay, calendarMonth, readCalendar } from "./calendar";
import { expenseSummary } from "./summary";

export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  // The page's tables and their export share this guard (export/list-export-route.ts): the
  // summary shows each source's largest rows, GET /api/expenses/export every row of one source.
  const expenseTables = {
    url: "/api/expenses",
    preHandler: requireAdmin,
    querystring: expenseExportQuerySchema,
  };
  app.get(
    "/api/expenses/summary",
    {
      preHandler: expenseTables.preHandler,
      schema: {
        querystring: expenseSummaryQuerySchema,
        response: { 200: expenseSummaryResponseSchema },
      },
    },
    async (request) =>
      lightRead(app.db, (tx) =>
        expenseSummary(tx, { ...request.query, today: request.query.today ?? todayIso() }),
      ),
  );

  // The monthly budgets (issue 34): the whole set read and replaced at once.
  app.get(
    "/api/budgets",
    { preHandler: requireAdmin, schema: { response: { 200: budgetsResponseSchema } } },
    async () => readBudgets(app.db),
  );
  app.put(
    "/api/budgets",
    {
      preHandler: requireAdmin,
      schema: { body: budgetsSchema, response: { 200: budgetsResponseSchema } },
    },
    async (request) =>
      saveBudgets(app.db, request.body, actorOf(request), (tx) =>
        checkBudgetAlerts(tx, todayIso()),
      ),
  );

  declareListExport(app, expenseTables, {
    area: "expenses",
    table: (_request, query) => expenseTable(app.db, query),
  });

  app.get(
    "/api/expenses/calendar",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: calendarMonthQuerySchema,
        response: { 200: calendarMonthResponseSchema },
      },
    },
    async (request) =>
      readCalendar(app.db, (tx) =>
        calendarMonth(
          tx,
          request.query.month,
          request.query.currency,
          request.query.today ?? todayIso(),
        ),
      ),
  );

  app.get(
    "/api/expenses/calendar/day",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: calendarDayQuerySchema,
        response: { 200: calendarDayResponseSchema },
      },
    },
    async (request) =>
      readCalendar(app.db, (tx) =>
        calendarDay(
          tx,
          request.query.date,
          request.query.currency,
          request.query.today ?? todayIso(),
        ),
      ),
  );
};

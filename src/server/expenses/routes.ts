// Expense Analysis and the expense calendar (decision 0015): administrators only, like the page.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { todayIso } from "../../domain/dates";
import {
  calendarDayQuerySchema,
  calendarDayResponseSchema,
  calendarMonthQuerySchema,
  calendarMonthResponseSchema,
  expenseExportQuerySchema,
  expenseExportResponseSchema,
  expenseSummaryQuerySchema,
  expenseSummaryResponseSchema,
} from "../../domain/expenses/schemas";
import { requireAdmin } from "../auth/guards";
import { calendarDay, calendarMonth } from "./calendar";
import { expenseExport } from "./export";
import { expenseSummary } from "./summary";
import { withoutJit } from "./without-jit";

export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/expenses/summary",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: expenseSummaryQuerySchema,
        response: { 200: expenseSummaryResponseSchema },
      },
    },
    async (request) =>
      withoutJit(app.db, (tx) =>
        expenseSummary(tx, { ...request.query, today: request.query.today ?? todayIso() }),
      ),
  );

  app.get(
    "/api/expenses/export",
    {
      preHandler: requireAdmin,
      schema: {
        querystring: expenseExportQuerySchema,
        response: { 200: expenseExportResponseSchema },
      },
    },
    async (request) =>
      withoutJit(app.db, (tx) =>
        expenseExport(
          tx,
          request.query.source,
          request.query.currency,
          request.query.today ?? todayIso(),
        ),
      ),
  );

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
      withoutJit(app.db, (tx) =>
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
      withoutJit(app.db, (tx) =>
        calendarDay(
          tx,
          request.query.date,
          request.query.currency,
          request.query.today ?? todayIso(),
        ),
      ),
  );
};

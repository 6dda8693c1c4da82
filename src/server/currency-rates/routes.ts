// Currency rates on the Settings page: administrators only (the rates price every figure).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  currencyRateListResponseSchema,
  updateCurrencyRatesRequestSchema,
} from "../../domain/schemas/currency-rates";
import { actorOf } from "../activity/record";
import { currentSession, requireAdmin } from "../auth/guards";
import { listCurrencyRates, updateCurrencyRates } from "./service";

export const currencyRateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/currency-rates",
    { preHandler: requireAdmin, schema: { response: { 200: currencyRateListResponseSchema } } },
    async () => listCurrencyRates(app.db),
  );

  app.put(
    "/api/currency-rates",
    {
      preHandler: requireAdmin,
      schema: {
        body: updateCurrencyRatesRequestSchema,
        response: { 200: currencyRateListResponseSchema },
      },
    },
    async (request) =>
      updateCurrencyRates(app.db, request.body, currentSession(request).user.id, actorOf(request)),
  );
};

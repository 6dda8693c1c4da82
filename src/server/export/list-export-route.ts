// A list's export route, declared by the area beside its list route (decision 0037):
// GET <list>/export?format=csv|xlsx|pdf&<the list's own query>. The area hands the same
// ListRoute to both routes, so the guard and the query schema are written once: an export whose
// guard drifted from its list's would be a leak. The list's query loses its page window (an
// export is every matching row) and gains the format; guard and query run before the first byte,
// so a refusal is the usual JSON error.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ActivityArea } from "../../domain/activity";
import {
  EXPORT_FORMAT_FIELD,
  type ExportFormat,
  exportFileResponseSchema,
  PAGE_WINDOW,
} from "../../domain/schemas/export";
import { sendLogged } from "./send-logged";
import type { ExportTable } from "./table";

/** What a list route shares with its export: its address, its guard and its query. */
export interface ListRoute<Query extends z.ZodObject = z.ZodObject> {
  url: string;
  /** One of auth/guards.ts's guards (the app refuses a route without exactly one). */
  preHandler: preHandlerAsyncHookHandler;
  /** The list's query schema; none for a list without filters (hosting costs). */
  querystring?: Query;
}

/** The list's query as its export reads it: every filter and the order, no page window. */
export type ExportQuery<Query extends z.ZodObject> = Omit<
  z.infer<Query>,
  "limit" | "offset" | "after" | "before" | "fromEnd"
>;

/** The export's query: the list's without its page window (if it is paged), plus the format. */
function exportQuerySchema(list: ListRoute<z.ZodObject>) {
  const query: z.ZodObject = list.querystring ?? z.object({});
  const window: Partial<typeof PAGE_WINDOW> = Object.fromEntries(
    Object.entries(PAGE_WINDOW).filter(([key]) => key in query.shape),
  );
  return query.omit(window).extend(EXPORT_FORMAT_FIELD);
}

export function declareListExport<Query extends z.ZodObject>(
  app: FastifyInstance,
  list: ListRoute<Query>,
  options: {
    /** The activity log's area for the record every export writes. */
    area: ActivityArea;
    /** The list as a table; the download is named after it ('office-accounts-<date>.csv'). */
    table: (request: FastifyRequest, query: ExportQuery<Query>) => ExportTable<unknown>;
  },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${list.url}/export`,
    {
      preHandler: list.preHandler,
      // It writes an activity record, so no other site may make a browser fetch it
      // (http/origin-check.ts).
      config: { recordsActivity: true },
      schema: { querystring: exportQuerySchema(list), response: { 200: exportFileResponseSchema } },
    },
    async (request, reply) => {
      const { format, bom, ...filters } = request.query as { format: ExportFormat; bom: boolean };
      const table = options.table(request, filters as ExportQuery<Query>);
      return sendLogged(app.db, request, reply, {
        area: options.area,
        format,
        bom,
        filters,
        tables: [table],
        fileName: table.name,
      });
    },
  );
}

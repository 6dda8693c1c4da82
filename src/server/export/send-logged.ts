// An export's download and its activity record (decision 0022): every export, a list's or the
// Data Export, goes through here, so none is ever sent unrecorded.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ActivityArea } from "../../domain/activity";
import type { ExportAllFormat, ExportFormat } from "../../domain/schemas/export";
import { actorOf, recordActivity } from "../activity/record";
import type { Db } from "../db/client";
import { type ExportOutcome, sendExport } from "./send";
import type { ExportTable } from "./table";

/**
 * Sends the file and, once the download has ended (or broken off), records who exported what:
 * the format, the filters as sent, the rows written and whether it completed.
 */
export function sendLogged(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    area: ActivityArea;
    format: ExportFormat | ExportAllFormat;
    filters: Record<string, unknown>;
    tables: ExportTable<unknown>[];
    fileName: string;
    bom?: boolean;
  },
) {
  const actor = actorOf(request);
  const record = (outcome: ExportOutcome) =>
    recordActivity(db, actor, {
      action: "export",
      area: options.area,
      itemId: null,
      itemLabel: options.tables.map((table) => table.title).join(", "),
      detail: {
        format: outcome.format,
        // The license search also matches keys: a search text could be a key, so the log (which
        // keeps everything) says only that there was one, like the request log.
        filters: withoutSearchText(options.filters),
        rows: options.tables.length === 1 ? outcome.rows[options.tables[0]!.name] : outcome.rows,
        completed: outcome.completed,
      },
    });
  return sendExport(reply, { ...options, onEnd: record });
}

const withoutSearchText = (filters: Record<string, unknown>) =>
  typeof filters.search === "string" && filters.search !== ""
    ? { ...filters, search: "[redacted]" }
    : filters;

// The media types of the operations that do not speak JSON: downloads (exports, the import
// templates, the offboarding checklist, the calendar feed) and the import uploads. The document
// declares these instead of @fastify/swagger's default application/json; openapi.test.ts asks
// each download for its file and compares the Content-Type it serves with what is declared here.
import { z } from "zod";
import { EXPORT_CONTENT_TYPES } from "../export/send";

export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Downloads whose type does not depend on the query, by "METHOD /route". */
const FIXED_DOWNLOADS: Record<string, string> = {
  "GET /api/imports/:area/template": "text/csv",
  "GET /api/users/:id/offboard/checklist.pdf": "application/pdf",
  "GET /api/calendar-feed/:file": "text/calendar",
};

/** Uploads that are a file, not JSON, by "METHOD /route". */
const FILE_UPLOADS: Record<string, string[]> = {
  "POST /api/imports/:area/preview": ["text/csv", XLSX_MEDIA_TYPE],
  "POST /api/imports/:area": ["text/csv", XLSX_MEDIA_TYPE],
};

const essence = (contentType: string) => contentType.split(";")[0]!.trim();

/**
 * What a successful answer's body is, when it is a file: an export's types follow the formats
 * its `format` query offers (send.ts's EXPORT_CONTENT_TYPES). Undefined for JSON.
 */
export function downloadMediaTypes(
  method: string,
  url: string,
  querystring: unknown,
): string[] | undefined {
  const fixed = FIXED_DOWNLOADS[`${method} ${url}`];
  if (fixed) return [fixed];
  if (!/\/export(\/all)?$/.test(url) || !(querystring instanceof z.ZodObject)) return undefined;
  const format = querystring.shape.format;
  if (!(format instanceof z.ZodEnum)) return undefined;
  return (format.options as (keyof typeof EXPORT_CONTENT_TYPES)[]).map((option) =>
    essence(EXPORT_CONTENT_TYPES[option]),
  );
}

/** The media types an upload's body may have; undefined for a JSON body. */
export const uploadMediaTypes = (method: string, url: string) => FILE_UPLOADS[`${method} ${url}`];

/** A file's body in the document: bytes of the given type. */
export const fileContent = (types: string[]) =>
  Object.fromEntries(types.map((type) => [type, { schema: { type: "string", format: "binary" } }]));

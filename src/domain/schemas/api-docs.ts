// The API's own description: the OpenAPI document (what GET /api/openapi.json answers) and the
// documentation page's files. The document's inside is generated, so only its frame is named.
import { z } from "zod";

export const openApiDocumentResponseSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
export type OpenApiDocumentResponse = z.infer<typeof openApiDocumentResponseSchema>;

/** The documentation page and its script and style sheet: text, not JSON. */
export const docsFileResponseSchema = z.string();

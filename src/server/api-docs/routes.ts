// The API's documentation: the OpenAPI document and a page that reads it. Both need a signed-in
// user (any role; a script signs in with an API token): the document lists every route of this
// instance, which an anonymous visitor has no use for, and nothing in it is secret from a user,
// since every route enforces its own guard (decision 0024).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  docsFileResponseSchema,
  type OpenApiDocumentResponse,
  openApiDocumentResponseSchema,
} from "../../domain/schemas/api-docs";
import { requireUser } from "../auth/guards";
import { DOCS_PATH, docsHtml, docsScript, docsStyles, swaggerUiFile } from "./docs-page";

const textFile = (type: string) => ({
  200: { description: type, content: { [type]: { schema: docsFileResponseSchema } } },
});

export const apiDocsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/openapi.json",
    {
      preHandler: requireUser,
      schema: { summary: "This document", response: { 200: openApiDocumentResponseSchema } },
    },
    // @fastify/swagger builds it once, on the first call (every route is registered by then).
    async () => {
      const document = app.swagger();
      if (!("openapi" in document)) throw new Error("@fastify/swagger built a Swagger 2 document");
      // openapi-types' interfaces have no index signature; the schema passes every field on.
      return document as unknown as OpenApiDocumentResponse;
    },
  );

  app.get(
    DOCS_PATH,
    {
      preHandler: requireUser,
      schema: { summary: "The API documentation page", response: textFile("text/html") },
    },
    async (_request, reply) => reply.type("text/html; charset=utf-8").send(docsHtml),
  );

  app.get(
    `${DOCS_PATH}/docs.js`,
    {
      preHandler: requireUser,
      schema: { summary: "The documentation page's script", response: textFile("text/javascript") },
    },
    async (_request, reply) => reply.type("text/javascript; charset=utf-8").send(docsScript),
  );

  app.get(
    `${DOCS_PATH}/docs.css`,
    {
      preHandler: requireUser,
      schema: { summary: "The documentation page's styles", response: textFile("text/css") },
    },
    async (_request, reply) => reply.type("text/css; charset=utf-8").send(docsStyles),
  );

  for (const [name, type] of [
    ["swagger-ui-bundle.js", "text/javascript"],
    ["swagger-ui.css", "text/css"],
  ] as const) {
    app.get(
      `${DOCS_PATH}/${name}`,
      {
        preHandler: requireUser,
        schema: { summary: `Swagger UI's ${name}`, response: textFile(type) },
      },
      async (_request, reply) =>
        reply.type(`${type}; charset=utf-8`).send(await swaggerUiFile(name)),
    );
  }
};

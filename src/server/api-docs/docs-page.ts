// The page at /api/docs: Swagger UI (the files bundled with @fastify/swagger-ui) reading
// /api/openapi.json. Served by our own guarded routes rather than that plugin's, whose routes
// carry no guard and no response schema (both required of every /api route). Nothing inline:
// the page works under the app's strict Content-Security-Policy (script-src 'self').
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

export const DOCS_PATH = "/api/docs";

export const docsHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quartermaster API</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
<link rel="stylesheet" href="${DOCS_PATH}/docs.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/docs.js"></script>
</body>
</html>
`;

// "Try it out" sends the session cookie (same origin) and the header the CSRF rule asks for.
export const docsScript = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    // Deep links put a link inside each operation's toggle button (nested controls).
    deepLinking: false,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    requestInterceptor: function (request) {
      request.headers["X-Requested-With"] = "XMLHttpRequest";
      return request;
    },
  });
});
`;

// Swagger UI's own colours fall short of 4.5:1 contrast (WCAG AA) in places; darker ones here.
export const docsStyles = `.swagger-ui .info .title small.version-stamp { background-color: #2f6b00; }
.swagger-ui .info a { color: #1a5aa6; }
.swagger-ui .btn.authorize { border-color: #17734a; color: #17734a; }
.swagger-ui .btn.authorize svg { fill: #17734a; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #595959; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0b5cad; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #17734a; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0e6b5c; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
`;

const swaggerUiDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@fastify/swagger-ui/package.json")),
  "static",
);

const loaded = new Map<string, Promise<string>>();

/** One of Swagger UI's own files, read once. */
export function swaggerUiFile(name: "swagger-ui-bundle.js" | "swagger-ui.css"): Promise<string> {
  let file = loaded.get(name);
  if (!file) {
    file = readFile(path.join(swaggerUiDir, name), "utf8");
    loaded.set(name, file);
  }
  return file;
}

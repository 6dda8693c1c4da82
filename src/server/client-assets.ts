// Compression of every response, and how the built client's files are served and cached.
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import type { FastifyStaticOptions } from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Vite names every file under assets/ after its content: a changed file gets a new name. */
export const HASHED_ASSET_CACHE = "public, max-age=31536000, immutable";
/** index.html names the current hashed files, so the browser checks it again every time. */
export const INDEX_CACHE = "no-cache";

/**
 * Brotli or gzip for every compressible response over 1 KB (API lists, index.html when no
 * pre-compressed copy exists). Registered before the routes: the plugin attaches to each route as
 * it is added.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, { global: true, encodings: ["br", "gzip"], threshold: 1024 });
}

/**
 * @fastify/static options for the built client: the .br and .gz copies written at build time
 * (scripts/precompress.ts) go as they are to a browser that accepts them, so static files are
 * never compressed per request; hashed files are cached for good, the rest revalidated.
 */
export function clientStaticOptions(clientDir: string): FastifyStaticOptions {
  return {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      const [top] = path.relative(clientDir, filePath).split(path.sep);
      response.setHeader("cache-control", top === "assets" ? HASHED_ASSET_CACHE : INDEX_CACHE);
      // The same address answers brotli, gzip or plain by the request's Accept-Encoding.
      response.setHeader("vary", "accept-encoding");
    },
  };
}

/** A path under assets/ that does not exist is a 404, never index.html cached as a script. */
export const isAssetPath = (pathname: string) => pathname.startsWith("/assets/");

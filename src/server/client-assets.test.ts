// The built client as the server sends it: the build's pre-compressed copies to browsers that
// accept them, hashed files cached for good, index.html revalidated, and API answers compressed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompress } from "../../scripts/precompress";
import { createUser } from "../../tests/support/factories";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { HASHED_ASSET_CACHE, INDEX_CACHE } from "./client-assets";

const SCRIPT = "assets/index-AbC123.js";
// Big and repetitive enough to be worth compressing, like a real bundle.
const SCRIPT_SOURCE = `${"export const answer = () => 42;\n".repeat(400)}`;
const INDEX_HTML = `<!doctype html><html><head><script type="module" src="/${SCRIPT}"></script></head><body><div id="root"></div></body></html>`;

let clientDir: string;
let t: TestApp;

/** Runs the build plugin over a directory, as `vite build` does after writing the bundle. */
function runPrecompress(dir: string) {
  const plugin = precompress() as unknown as {
    configResolved(config: { root: string; build: { outDir: string } }): void;
    closeBundle(): void;
  };
  plugin.configResolved({ root: dir, build: { outDir: "." } });
  plugin.closeBundle();
}

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "index.html"), INDEX_HTML);
  fs.writeFileSync(path.join(clientDir, SCRIPT), SCRIPT_SOURCE);
  runPrecompress(clientDir);
  t = await buildTestApp({ CLIENT_DIR: clientDir });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  });

describe("the build's pre-compressed copies", () => {
  it("are written beside each text file: brotli and gzip of the same content", () => {
    const file = path.join(clientDir, SCRIPT);
    expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(SCRIPT_SOURCE);
    expect(gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(SCRIPT_SOURCE);
    // index.html is under 1 KB: not worth a copy.
    expect(fs.existsSync(path.join(clientDir, "index.html.br"))).toBe(false);
  });
});

describe("a hashed script", () => {
  it("goes as the brotli copy to a browser that accepts brotli, cached for a year", async () => {
    const response = await get(`/${SCRIPT}`, "gzip, deflate, br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe(HASHED_ASSET_CACHE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT_SOURCE);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT_SOURCE.length / 10);
  });

  it("goes as the gzip copy to a browser that accepts only gzip", async () => {
    const response = await get(`/${SCRIPT}`, "gzip, deflate");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["cache-control"]).toBe(HASHED_ASSET_CACHE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT_SOURCE);
  });

  it("goes as it is to a client that accepts no compression", async () => {
    const response = await get(`/${SCRIPT}`, "identity");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toBe(SCRIPT_SOURCE);
    expect(response.headers["cache-control"]).toBe(HASHED_ASSET_CACHE);
  });

  it("that does not exist is a 404, not the app's page cached for a year", async () => {
    const response = await get("/assets/index-Gone99.js", "br");
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).not.toMatch(/html/);
    expect(response.headers["cache-control"]).not.toBe(HASHED_ASSET_CACHE);
  });
});

describe("index.html", () => {
  it("is revalidated on every visit, at / and at any page's path", async () => {
    for (const url of ["/", "/licenses", "/no-such-page"]) {
      const response = await get(url, "br");
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(response.headers["cache-control"], url).toBe(INDEX_CACHE);
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });
});

describe("API answers", () => {
  it("are compressed when the client accepts it and they are worth it", async () => {
    for (let index = 0; index < 20; index++) {
      await createUser(t.app.database.db, { department: "Compression and Caching Department" });
    }
    const { cookie } = await t.signedInUser({ role: "admin" });
    const plain = await t.request({ method: "GET", url: "/api/users", cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const compressed = await t.request({
      method: "GET",
      url: "/api/users",
      cookie,
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers["cache-control"]).toBe("no-store");
    const body = brotliDecompressSync(compressed.rawPayload).toString();
    expect(JSON.parse(body)).toEqual(JSON.parse(plain.body));
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });
});

// The container and service files (issue 28). No container engine runs on these machines, so
// they are checked by what they name: every file they copy exists or is built by `npm run build`,
// the command they run is the compiled server, the settings they pass are the server's own. The
// commands of the image's runtime stage are run for real by tests/e2e/production.e2e.ts.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SERVER_ENTRY_POINTS } from "../../scripts/build-server.mjs";
import { readDockerfile } from "../../tests/support/dockerfile";
import { envSchema } from "./config";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const packageJson = JSON.parse(read("package.json")) as { scripts: Record<string, string> };

describe("Dockerfile", () => {
  const stages = readDockerfile(read("Dockerfile"));
  const runtime = stages.at(-1);

  it("builds in one stage and runs from a slim official Node LTS image in the last", () => {
    expect(stages.map((stage) => stage.name)).toEqual(["build", "runtime"]);
    for (const stage of stages) {
      // node:<even major>-<debian>-slim: an LTS line, official, slim.
      expect(stage.from).toMatch(/^node:\$\{NODE_VERSION\}-bookworm-slim$/);
    }
    const nodeVersion = Number(/^ARG NODE_VERSION=(\d+)$/m.exec(read("Dockerfile"))?.[1]);
    expect(nodeVersion % 2).toBe(0);
    expect(nodeVersion).toBeGreaterThanOrEqual(20);
  });

  it("copies only files that exist, or the build's output", () => {
    for (const stage of stages) {
      for (const copy of stage.instructions.filter((i) => i.keyword === "COPY")) {
        const args = copy.args.split(/\s+/);
        const from = args.find((arg) => arg.startsWith("--from="));
        const sources = args.filter((arg) => !arg.startsWith("--")).slice(0, -1);
        if (from) {
          // The build stage's dist/: what `npm run build` writes (vite's dist/client, dist/server).
          expect(sources).toEqual(["/app/dist"]);
          expect(packageJson.scripts.build).toMatch(
            /vite build && node scripts\/build-server\.mjs/,
          );
        } else {
          for (const source of sources) {
            expect(fs.existsSync(path.join(ROOT, source)), source).toBe(true);
          }
        }
      }
    }
  });

  it("runs the compiled server as a non-root user, with DATA_DIR as a volume and a health check", () => {
    const keywordsOf = (keyword: string) =>
      runtime?.instructions.filter((i) => i.keyword === keyword).map((i) => i.args) ?? [];
    expect(keywordsOf("CMD")).toEqual(['["node", "dist/server/main.js"]']);
    expect(SERVER_ENTRY_POINTS.main).toBe("src/server/main.ts");
    expect(keywordsOf("USER")).toEqual(["node"]);
    const dataDir = /DATA_DIR=(\S+)/.exec(keywordsOf("ENV").join(" "))?.[1];
    expect(dataDir).toBe("/data");
    expect(keywordsOf("VOLUME")).toEqual(['["/data"]']);
    const [healthcheck] = keywordsOf("HEALTHCHECK");
    expect(healthcheck).toContain("/api/health");
    // Production dependencies only, and nothing of the build's node_modules.
    expect(keywordsOf("RUN").join("\n")).toMatch(/npm ci --omit=dev/);
    const copies = keywordsOf("COPY").join("\n");
    expect(copies).not.toMatch(/node_modules/);
  });
});

describe("compose.yaml", () => {
  const compose = read("compose.yaml");

  it("runs PostgreSQL of a pinned major version, with a health check the app waits on", () => {
    expect(compose).toMatch(/image: postgres:\d+-bookworm\n/);
    expect(compose).toMatch(/healthcheck:\n\s+test: \["CMD-SHELL", "pg_isready /);
    expect(compose).toMatch(/depends_on:\n\s+db:\n\s+condition: service_healthy/);
  });

  it("keeps data in named volumes, reads its settings from .env and builds this Dockerfile", () => {
    expect(compose).toMatch(/- db-data:\/var\/lib\/postgresql\/data/);
    expect(compose).toMatch(/- app-data:\/data/);
    expect(compose).toMatch(/\nvolumes:\n\s+db-data:\n\s+app-data:/);
    expect(compose).toMatch(/env_file: \.env/);
    expect(compose).toMatch(/build: \.\n/);
    // Every variable it sets is one the server reads (or the database image's own).
    const setsVariables = [...compose.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    for (const variable of setsVariables) {
      if (variable?.startsWith("POSTGRES_")) continue;
      expect(Object.keys(envSchema.shape), variable).toContain(variable);
    }
  });
});

describe(".env.example", () => {
  const lines = [...read(".env.example").matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=(.*)$/gm)];
  const named = new Map(lines.map((match) => [match[1] as string, match[2] as string]));
  const shape = envSchema.shape as Record<string, { safeParse(value: unknown): unknown }>;

  it("names every variable the server reads, and no other but compose's database password", () => {
    expect([...named.keys()].sort()).toEqual(
      [...Object.keys(envSchema.shape), "POSTGRES_PASSWORD"].sort(),
    );
  });

  it("gives each variable that has a default the default itself", () => {
    for (const [variable, schema] of Object.entries(shape)) {
      const byDefault = schema.safeParse(undefined) as { success: boolean; data?: unknown };
      if (!byDefault.success || byDefault.data === undefined) continue;
      const written = schema.safeParse(named.get(variable)) as { data?: unknown };
      expect(written.data, variable).toEqual(byDefault.data);
    }
  });
});

describe("the systemd unit", () => {
  const unit = read("deploy/quartermaster.service");

  it("runs the same compiled server as the image, as its own user, hardened", () => {
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node dist\/server\/main\.js$/m);
    expect(unit).toMatch(/^User=quartermaster$/m);
    for (const setting of ["NoNewPrivileges=true", "ProtectSystem=strict", "ProtectHome=true"]) {
      expect(unit).toContain(setting);
    }
  });

  it.runIf(fs.existsSync("/usr/bin/systemd-analyze"))(
    "passes systemd's own checks, with an exposure rated OK",
    () => {
      const file = path.join(ROOT, "deploy", "quartermaster.service");
      execFileSync("systemd-analyze", ["verify", file], { stdio: "pipe" });
      // Exits non-zero above the threshold (0-100, i.e. exposure 0.0-10.0; 'OK' is below 4.5).
      execFileSync("systemd-analyze", ["security", "--offline=true", "--threshold=45", file], {
        stdio: "pipe",
      });
    },
  );
});

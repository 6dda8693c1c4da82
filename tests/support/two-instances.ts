// Two application instances on one PostgreSQL database, as behind a load balancer: each with its
// own connection pool, session cache and memory, sharing the rows and the key. For the tests of
// what must hold across instances; PostgreSQL only (PGlite lives inside one process), so call it
// inside `describe.skipIf(!usingPostgres())`.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { createSecrets } from "../../src/server/lib/secrets";
import { type TestApp, testAppOn } from "./test-app";
import { cloneTemplateDatabase } from "./test-database";

export interface TwoInstances {
  readonly a: TestApp;
  readonly b: TestApp;
}

/**
 * Starts both instances before the file's tests and closes them (and the database) after; `env`
 * (read when they start, so it may name a stand-in started by an earlier hook) configures both.
 */
export function twoInstancesOnOnePostgres(
  env: () => Record<string, string> = () => ({}),
): TwoInstances {
  let clone: Awaited<ReturnType<typeof cloneTemplateDatabase>> | undefined;
  const instances: TestApp[] = [];

  beforeAll(async () => {
    clone = await cloneTemplateDatabase();
    const secrets = createSecrets(randomBytes(32));
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: "postgres", url: clone.url });
      instances.push(await testAppOn(database, secrets, env()));
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await clone?.drop();
  });

  const started = (index: number) => {
    const instance = instances[index];
    if (!instance) throw new Error("twoInstancesOnOnePostgres(): the instances did not start");
    return instance;
  };
  return {
    get a() {
      return started(0);
    },
    get b() {
      return started(1);
    },
  };
}

// Two instances sending at once on one PostgreSQL database deliver each alert once: the outbox's
// claim (FOR UPDATE SKIP LOCKED) gives every row to one of them. The receiver counts requests.
import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { usingPostgres } from "../../../tests/support/test-database";
import { twoInstancesOnOnePostgres } from "../../../tests/support/two-instances";
import { startReceiver } from "../../../tests/support/webhook-receivers";
import { deliverDue } from "../mail/deliver";
import { createChannel } from "./channels-service";
import { emitNotification } from "./emit";
import { createNotificationSender } from "./send";

describe.skipIf(!usingPostgres())("two instances sending alerts", () => {
  const instances = twoInstancesOnOnePostgres();

  it("deliver each event once", async () => {
    const { a, b } = instances;
    const receiver = await startReceiver([{ status: 200, delayMs: 20 }]);
    try {
      const admin = await createUser(a.app.db, { role: "admin" });
      await createChannel(
        a.app.db,
        a.app.secrets,
        { allowLocal: true },
        { userId: admin.id, via: "session" } as never,
        { kind: "webhook", name: "Ops", url: receiver.url, events: ["import_finished"] },
      );
      const EVENTS = 30;
      for (let i = 0; i < EVENTS; i++) {
        await a.app.db.transaction((tx) =>
          emitNotification(tx, {
            type: "import_finished",
            key: `import_finished:${i}`,
            title: `Import ${i} finished`,
            text: "12 rows imported",
          }),
        );
      }
      const now = new Date(Date.now() + 60_000);
      const sendFrom = (instance: typeof a) =>
        deliverDue(instance.app.db, null, now, {
          notify: createNotificationSender({
            db: instance.app.db,
            secrets: instance.app.secrets,
            linkBase: "https://assets.example.test",
            allowLocal: true,
          }),
        });
      const [fromA, fromB] = await Promise.all([sendFrom(a), sendFrom(b)]);
      expect(fromA.sent + fromB.sent).toBe(EVENTS);
      expect(fromA.sent).toBeGreaterThan(0);
      expect(fromB.sent).toBeGreaterThan(0);
      const ids = receiver.received.map((r) => JSON.parse(r.raw).id as number);
      expect(ids).toHaveLength(EVENTS);
      expect(new Set(ids).size).toBe(EVENTS);
    } finally {
      await receiver.close();
    }
  });
});

// Password hashing shares libuv's thread pool with DNS look-ups, zlib and file reads: a burst of
// sign-ins must not make those wait behind every hash in it.
import { pbkdf2 } from "node:crypto";
import { expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords";

/** A one-iteration PBKDF2: nearly no work, but it needs a thread of the pool to run. */
function threadPoolRoundTrip(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) =>
    pbkdf2("x", "salt", 1, 32, "sha256", (error) =>
      error ? reject(error) : resolve(performance.now() - started),
    ),
  );
}

it("leaves the thread pool free for other work during a burst of 40 checks", async () => {
  const stored = await hashPassword("right");
  const started = performance.now();
  const burst = Promise.all(
    Array.from({ length: 40 }, (_, i) => verifyPassword(stored, i === 0 ? "right" : "wrong")),
  );
  // Once the burst has filled whatever it may fill.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const waited = await threadPoolRoundTrip();
  const results = await burst;
  const burstMs = performance.now() - started;
  expect(results.filter(Boolean)).toHaveLength(1);
  expect(results[0]).toBe(true);
  // Queued behind the hashes it would wait for nearly the whole burst.
  expect(waited).toBeLessThan(burstMs / 5);
});

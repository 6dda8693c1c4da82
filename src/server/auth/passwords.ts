// argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's recommended minimum).
import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id; the enum is an ambient const enum that isolatedModules cannot read.
const ARGON2ID = 2;

// argon2 runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
// DNS look-ups (a DATABASE_URL host name, on every new pooled connection), zlib (compressed
// answers) and file reads share. 50 parallel sign-ins queued 50 hashes there, and a look-up waited
// 2.9 s behind them. Hashes beyond the cores finish no sooner, so at most one per core runs at a
// time, and at least one thread stays free for everything else.
const threadPoolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;
export const MAX_PARALLEL_HASHES = Math.max(
  1,
  Math.min(availableParallelism(), threadPoolSize - 1),
);

let running = 0;
const waiting: (() => void)[] = [];

/** Runs one hash when a slot is free, in the order they were asked for. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_PARALLEL_HASHES) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so it is never counted free in between.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, { algorithm: ARGON2ID }));
}

// Verifying against this when the user does not exist keeps the response time the same,
// so timing does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string) {
  if (!passwordHash) {
    dummyHash ??= hashPassword("not-a-real-password");
    const known = await dummyHash;
    await inTurn(() => verify(known, password)).catch(() => false);
    return false;
  }
  return inTurn(() => verify(passwordHash, password)).catch(() => false);
}

// Passkey ceremonies and credentials. Challenges live in the database (any instance can finish a
// ceremony another began), are taken exactly once by a DELETE ... RETURNING, and expire after
// CHALLENGE_TTL_MS. The signature counter is advanced by a conditional UPDATE, so two parallel
// uses of one assertion (or of a cloned authenticator) cannot both pass. Registering and removing
// a passkey are recorded in the activity log with the change.
import {
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type {
  WebauthnCredentialResponse,
  WebauthnLoginVerifyRequest,
  WebauthnRegisterVerifyRequest,
} from "../../../domain/schemas/webauthn";
import type { ActivityActor } from "../../activity/record";
import type { Db, Executor } from "../../db/client";
import { users, webauthnChallenges, webauthnCredentials } from "../../db/schema";
import { AppError, conflict, notFound } from "../../http/errors";
import { recordAccountChange } from "../account-activity";
import type { RelyingParty } from "./relying-party";

export const CHALLENGE_TTL_MS = 2 * 60_000;
/** What the browser waits for the person at the authenticator; shorter than the challenge's life. */
const CEREMONY_TIMEOUT_MS = 60_000;

type Purpose = "login" | "register";
type UserRow = typeof users.$inferSelect;

const NOT_VERIFIED = "Could not verify your biometric credentials";
const notVerified = (message = NOT_VERIFIED) => new AppError(401, "PASSKEY_NOT_VERIFIED", message);

/** The challenge a browser signed, read from its clientDataJSON (null when unreadable). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === "string" && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

async function saveChallenge(db: Executor, purpose: Purpose, challenge: string, userId: number) {
  // Expired ceremonies are cleared as new ones start; the table stays as small as its traffic.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  await db.insert(webauthnChallenges).values({
    id: challenge,
    purpose,
    challenge,
    userId,
    expiresAt: sql`now() + ${`${CHALLENGE_TTL_MS} milliseconds`}::interval`,
  });
}

/** Takes the challenge for good (single use): the row, if it existed and had not expired. */
async function takeChallenge(db: Executor, purpose: Purpose, challenge: string | null) {
  if (!challenge) return null;
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, challenge), eq(webauthnChallenges.purpose, purpose)))
    .returning({
      userId: webauthnChallenges.userId,
      challenge: webauthnChallenges.challenge,
      live: sql<boolean>`${webauthnChallenges.expiresAt} > now()`,
    });
  return row?.live && row.userId !== null ? { ...row, userId: row.userId } : null;
}

const transportsOf = (value: string[] | null) => (value ?? []) as AuthenticatorTransportFuture[];

/** A stable, opaque user handle for the authenticator (WebAuthn: at most 64 bytes, no PII). */
const userHandleOf = (userId: number) => isoUint8Array.fromUTF8String(`qm-user-${userId}`);

export async function loginOptions(db: Db, rp: RelyingParty, username: string) {
  // Unknown, deactivated and passkey-less usernames all get an empty allowCredentials, in the
  // same shape; only someone with a passkey gets a list (and a stored challenge).
  const rows = await db
    .select({
      userId: users.id,
      credentialId: webauthnCredentials.credentialId,
      transports: webauthnCredentials.transports,
    })
    .from(users)
    .innerJoin(webauthnCredentials, eq(webauthnCredentials.userId, users.id))
    .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.isActive, true)));
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: "required",
    allowCredentials: rows.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row.transports),
    })),
  });
  const userId = rows[0]?.userId;
  if (userId !== undefined) await saveChallenge(db, "login", options.challenge, userId);
  return {
    challenge: options.challenge,
    timeout: options.timeout,
    rpId: options.rpId,
    userVerification: options.userVerification,
    allowCredentials: (options.allowCredentials ?? []).map((credential) => ({
      id: credential.id,
      type: "public-key" as const,
      ...(credential.transports?.length ? { transports: credential.transports } : {}),
    })),
  };
}

export type PasskeySignInRefusal = "PASSKEY_NOT_VERIFIED" | "PASSKEY_COUNTER_REPLAYED";

/**
 * A passkey sign-in's outcome. A refusal names the account whose challenge was answered (null when
 * the challenge is unknown), so the caller can record the failure against it before answering.
 */
export type PasskeySignIn =
  | { verified: true; user: UserRow }
  | {
      verified: false;
      reason: PasskeySignInRefusal;
      error: AppError;
      user: { id: number; username: string } | null;
    };

const refused = (
  user: { id: number; username: string } | null,
  reason: PasskeySignInRefusal,
  error: AppError,
): PasskeySignIn => ({ verified: false, reason, error, user });

/**
 * Verifies a passkey sign-in: the user it proves, or why not. User verification is required, so
 * the passkey counts as both factors.
 */
export async function loginVerify(
  db: Db,
  rp: RelyingParty,
  { authenticationResponse: response }: WebauthnLoginVerifyRequest,
  log: FastifyBaseLogger,
): Promise<PasskeySignIn> {
  const pending = await takeChallenge(db, "login", challengeOf(response.response.clientDataJSON));
  if (!pending) return refused(null, "PASSKEY_NOT_VERIFIED", notVerified());
  const [user] = await db.select().from(users).where(eq(users.id, pending.userId)).limit(1);
  const [credential] = await db
    .select()
    .from(webauthnCredentials)
    .where(
      and(
        eq(webauthnCredentials.credentialId, response.id),
        eq(webauthnCredentials.userId, pending.userId),
      ),
    )
    .limit(1);
  if (!user) return refused(null, "PASSKEY_NOT_VERIFIED", notVerified());
  if (!user.isActive || !credential) return refused(user, "PASSKEY_NOT_VERIFIED", notVerified());
  const replayed = () =>
    refused(user, "PASSKEY_COUNTER_REPLAYED", clonedAuthenticator(log, credential.id, user.id));

  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: pending.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: credential.credentialId,
        publicKey: isoBase64URL.toBuffer(credential.credentialPublicKey),
        counter: credential.counter,
        transports: transportsOf(credential.transports),
      },
      requireUserVerification: true,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/counter value/i.test(message)) return replayed();
    log.info({ userId: user.id, reason: message }, "passkey sign-in not verified");
    return refused(user, "PASSKEY_NOT_VERIFIED", notVerified());
  }
  if (!verification.verified || !verification.authenticationInfo.userVerified) {
    return refused(user, "PASSKEY_NOT_VERIFIED", notVerified());
  }

  const { newCounter } = verification.authenticationInfo;
  // Compare-and-set: a counter that did not move forward (another request used it meanwhile, or
  // a copy of the authenticator signed with an older count) is refused. Authenticators that keep
  // no counter send 0 every time, which stays allowed while the stored value is 0 too.
  const [updated] = await db
    .update(webauthnCredentials)
    .set({ counter: newCounter, lastUsed: sql`now()` })
    .where(
      and(
        eq(webauthnCredentials.id, credential.id),
        newCounter === 0
          ? eq(webauthnCredentials.counter, 0)
          : lt(webauthnCredentials.counter, newCounter),
      ),
    )
    .returning({ id: webauthnCredentials.id });
  if (!updated) return replayed();
  return { verified: true, user };
}

function clonedAuthenticator(log: FastifyBaseLogger, credentialId: number, userId: number) {
  log.warn(
    { credentialId, userId },
    "passkey signature counter did not advance: possible cloned authenticator",
  );
  return new AppError(
    401,
    "PASSKEY_COUNTER_REPLAYED",
    "This passkey's signature counter went backwards; it may have been copied. Sign in another way and remove it.",
  );
}

export async function registerOptions(
  db: Db,
  rp: RelyingParty,
  user: { id: number; username: string; fullName: string | null },
) {
  const existing = await db
    .select({
      credentialId: webauthnCredentials.credentialId,
      transports: webauthnCredentials.transports,
    })
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: user.username,
    userDisplayName: user.fullName?.trim() || user.username,
    userID: userHandleOf(user.id),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row.transports),
    })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "required" },
  });
  await saveChallenge(db, "register", options.challenge, user.id);
  return options;
}

/** The signed-in person whose passkeys these are, and the actor the activity log records. */
export interface PasskeyOwner {
  account: { id: number; username: string };
  actor: ActivityActor;
}

export async function registerVerify(
  db: Db,
  rp: RelyingParty,
  { account, actor }: PasskeyOwner,
  { attestationResponse: response, credentialName }: WebauthnRegisterVerifyRequest,
  log: FastifyBaseLogger,
): Promise<WebauthnCredentialResponse> {
  const userId = account.id;
  const pending = await takeChallenge(
    db,
    "register",
    challengeOf(response.response.clientDataJSON),
  );
  // Someone else's ceremony is as unknown to this user as an expired one.
  if (!pending || pending.userId !== userId) {
    throw notVerified("The registration expired or was already used. Please try again.");
  }
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: pending.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.info({ userId, reason }, "passkey registration not verified");
    throw notVerified("The passkey could not be verified. Please try again.");
  }
  if (!verification.verified) {
    throw notVerified("The passkey could not be verified. Please try again.");
  }
  const info = verification.registrationInfo;
  const row = await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(webauthnCredentials)
      .values({
        userId,
        credentialId: info.credential.id,
        credentialPublicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        credentialDeviceType: info.credentialDeviceType,
        credentialBackedUp: info.credentialBackedUp,
        transports: info.credential.transports ?? response.response.transports ?? null,
        credentialName,
      })
      .onConflictDoNothing({ target: webauthnCredentials.credentialId })
      .returning();
    if (!added) {
      throw conflict("PASSKEY_ALREADY_REGISTERED", "This passkey is already registered.");
    }
    await recordAccountChange(tx, actor, {
      action: "passkey_add",
      area: "auth",
      account,
      detail: passkeyDetail(added),
    });
    return added;
  });
  return toCredentialResponse(row);
}

/** Which passkey a record is about: its id and the name its owner gave it (no key material). */
const passkeyDetail = (row: { id: number; credentialName: string }) => ({
  passkeyId: row.id,
  passkeyName: row.credentialName,
});

const credentialColumns = {
  id: webauthnCredentials.id,
  credentialName: webauthnCredentials.credentialName,
  lastUsed: webauthnCredentials.lastUsed,
  createdAt: webauthnCredentials.createdAt,
};

function toCredentialResponse(row: {
  id: number;
  credentialName: string;
  lastUsed: Date | null;
  createdAt: Date;
}): WebauthnCredentialResponse {
  return {
    id: row.id,
    credentialName: row.credentialName,
    lastUsed: row.lastUsed?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCredentials(db: Db, userId: number) {
  const rows = await db
    .select(credentialColumns)
    .from(webauthnCredentials)
    .where(eq(webauthnCredentials.userId, userId))
    .orderBy(webauthnCredentials.createdAt, webauthnCredentials.id);
  return rows.map(toCredentialResponse);
}

/** Deletes one of the caller's own passkeys; anyone else's is "not found", not "forbidden". */
export async function deleteCredential(db: Db, { account, actor }: PasskeyOwner, id: number) {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webauthnCredentials)
      .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, account.id)))
      .returning({
        id: webauthnCredentials.id,
        credentialName: webauthnCredentials.credentialName,
      });
    if (!deleted) throw notFound("Credential");
    await recordAccountChange(tx, actor, {
      action: "passkey_remove",
      area: "auth",
      account,
      detail: passkeyDetail(deleted),
    });
  });
}

// Enrolment, checking and removal of a user's TOTP second factor and its recovery codes. Turning
// it on or off, spending a recovery code and making new ones are recorded in the activity log with
// the change.
import { and, count, eq, isNull, lt } from "drizzle-orm";
import QRCode from "qrcode";
import type {
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from "../../../domain/schemas/two-factor";
import type { ActivityActor } from "../../activity/record";
import type { Db, Executor } from "../../db/client";
import { twoFactorRecoveryCodes, userTwoFactor } from "../../db/schema";
import { AppError, conflict } from "../../http/errors";
import type { Secrets } from "../../lib/secrets";
import { recordAccountChange } from "../account-activity";
import { deletePendingSignInsOf } from "../sign-in";
import {
  hashRecoveryCode,
  looksLikeTotp,
  matchTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
} from "./totp";

export const invalidCode = () =>
  new AppError(400, "INVALID_TWO_FACTOR_CODE", "That code is not valid. Please try again.", [
    { path: "code", message: "That code is not valid. Please try again." },
  ]);

async function findRow(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId))
    .limit(1);
  return row;
}

export async function twoFactorStatus(
  db: Executor,
  userId: number,
): Promise<TwoFactorStatusResponse> {
  const row = await findRow(db, userId);
  if (!row?.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  return {
    enabled: true,
    enabledAt: row.enabledAt.toISOString(),
    recoveryCodesLeft: await unusedRecoveryCodes(db, userId),
  };
}

async function unusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return left?.n ?? 0;
}

/**
 * A new secret, stored sealed and not yet in force; a setup that was started and never confirmed
 * is replaced. Refused while a confirmed second factor is on (turn it off first).
 */
export async function beginSetup(
  db: Db,
  secrets: Secrets,
  user: { id: number; username: string },
): Promise<TwoFactorSetupResponse> {
  const secret = newTotpSecret();
  const sealed = secrets.seal(secret).ciphertext;
  const stored = await db
    .insert(userTwoFactor)
    .values({ userId: user.id, secretCiphertext: sealed })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretCiphertext: sealed, lastUsedStep: 0, createdAt: new Date() },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ userId: userTwoFactor.userId });
  if (stored.length === 0) {
    throw conflict("TWO_FACTOR_ALREADY_ENABLED", "Two-factor authentication is already on.");
  }
  const url = otpauthUrl(secret, user.username);
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return {
    secret,
    otpauthUrl: url,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** The person whose second factor it is, and who is acting (they, or an administrator). */
export interface TwoFactorChangeBy {
  account: { id: number; username: string };
  actor: ActivityActor;
}

/** Confirms a started setup with a code from the app; answers the recovery codes, once. */
export async function confirmSetup(
  db: Db,
  secrets: Secrets,
  { account, actor }: TwoFactorChangeBy,
  code: string,
  now = Date.now(),
): Promise<string[]> {
  const userId = account.id;
  const row = await findRow(db, userId);
  if (!row || row.enabledAt) {
    throw conflict(
      "TWO_FACTOR_NOT_ENABLED",
      row ? "Two-factor authentication is already on." : "Start the setup first.",
    );
  }
  const step = matchTotpStep(secrets.open(row.secretCiphertext), code, now);
  if (step === null) throw invalidCode();
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    const enabled = await tx
      .update(userTwoFactor)
      .set({ enabledAt: new Date(now), lastUsedStep: step })
      .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
      .returning({ userId: userTwoFactor.userId });
    if (enabled.length === 0) {
      throw conflict("TWO_FACTOR_NOT_ENABLED", "Two-factor authentication is already on.");
    }
    await replaceRecoveryCodes(tx, userId, codes);
    await recordAccountChange(tx, actor, { action: "two_factor_enable", area: "auth", account });
  });
  return codes;
}

async function replaceRecoveryCodes(tx: Executor, userId: number, codes: string[]) {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx
    .insert(twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
}

/**
 * New recovery codes (the old ones stop working), for a user whose second factor is on; recorded
 * with how many there are, never the codes.
 */
export async function regenerateRecoveryCodes(
  db: Db,
  { account, actor }: TwoFactorChangeBy,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, account.id, codes);
    await recordAccountChange(tx, actor, {
      action: "recovery_codes_regenerate",
      area: "auth",
      account,
      detail: { codes: codes.length },
    });
  });
  return codes;
}

/**
 * Checks a code of a user whose second factor is on and uses it up: a TOTP code only for a step
 * later than the last one accepted, a recovery code only once. Both checks are one conditional
 * update, so two requests racing with the same code cannot both pass. A recovery code spent is
 * recorded with the update (one fewer is left, whatever the request goes on to do).
 */
export async function spendSecondFactorCode(
  db: Db,
  secrets: Secrets,
  { account, actor }: TwoFactorChangeBy,
  code: string,
  now = Date.now(),
): Promise<"totp" | "recovery" | null> {
  const userId = account.id;
  const row = await findRow(db, userId);
  if (!row?.enabledAt) return null;
  if (looksLikeTotp(code)) {
    const step = matchTotpStep(secrets.open(row.secretCiphertext), code.replace(/\s/g, ""), now);
    if (step === null) return null;
    const used = await db
      .update(userTwoFactor)
      .set({ lastUsedStep: step })
      .where(and(eq(userTwoFactor.userId, userId), lt(userTwoFactor.lastUsedStep, step)))
      .returning({ userId: userTwoFactor.userId });
    return used.length > 0 ? "totp" : null;
  }
  return db.transaction(async (tx) => {
    const used = await tx
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    if (used.length === 0) return null;
    await recordAccountChange(tx, actor, {
      action: "recovery_code_use",
      area: "auth",
      account,
      detail: { recoveryCodesLeft: await unusedRecoveryCodes(tx, userId) },
    });
    return "recovery";
  });
}

/**
 * Removes the second factor: by its owner (`two_factor_disable`) or an administrator's reset
 * (`two_factor_reset`). True if there was one; only then is it recorded (a setup started and never
 * confirmed is cleared without a record: it never was in force).
 */
export async function removeSecondFactor(
  db: Db,
  { account, actor }: TwoFactorChangeBy,
  how:
    | { action: "two_factor_disable"; area: "auth" }
    | { action: "two_factor_reset"; area: "users" },
): Promise<boolean> {
  const userId = account.id;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(userTwoFactor)
      .where(eq(userTwoFactor.userId, userId))
      .returning({ enabledAt: userTwoFactor.enabledAt });
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await deletePendingSignInsOf(tx, userId);
    const wasOn = removed.some((row) => row.enabledAt !== null);
    if (wasOn) await recordAccountChange(tx, actor, { ...how, account });
    return wasOn;
  });
}

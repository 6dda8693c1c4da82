// Requests and responses of the second factor (TOTP with recovery codes), the password change and
// the sign-in's second step.
import { z } from "zod";
import { authUserSchema } from "./auth";

export const RECOVERY_CODE_COUNT = 10;
export const CODE_REQUIRED = "Enter the 6-digit code from your authenticator app";
export const CODE_FORMAT = "The code is 6 digits";
export const CURRENT_PASSWORD_REQUIRED = "Current password is required";
export const NEW_PASSWORD_TOO_SHORT = "Password must be at least 6 characters";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

/** Spaces people type or paste ("123 456") are not part of the code. */
const withoutSpaces = (value: unknown) =>
  typeof value === "string" ? value.replace(/[\s-]/g, "") : value;

/** A 6-digit TOTP code. */
export const totpCodeSchema = z.preprocess(
  withoutSpaces,
  z
    .string({ error: CODE_REQUIRED })
    .min(1, CODE_REQUIRED)
    .regex(/^\d{6}$/, CODE_FORMAT),
);

/** A 6-digit code or a recovery code (10 letters and digits, the hyphen optional). */
export const secondFactorCodeSchema = z
  .string({ error: "Enter a code" })
  .trim()
  .min(1, "Enter a code")
  .max(64, "The code is too long");

/** Calls that take no input send an empty object; anything else is a mistake. */
export const emptyBodySchema = z.object({}).strict();

/** Setup: the secret as an authenticator app takes it (QR code or typed key). */
export const twoFactorSetupResponseSchema = z.object({
  /** Base32, as typed into an app ("manual key"). */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** An SVG image of the otpauth URL, as a data: URL. */
  qrCode: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorConfirmRequestSchema = z.object({ code: totpCodeSchema });
export type TwoFactorConfirmRequest = z.infer<typeof twoFactorConfirmRequestSchema>;

/** The recovery codes, in clear this once only. */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const twoFactorStatusResponseSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;

/** Turning it off takes a current code (or a recovery code) or the account password. */
export const twoFactorDisableRequestSchema = z
  .object({
    code: secondFactorCodeSchema.optional(),
    password: z.string().max(1024, "Password is too long").optional(),
  })
  .refine((body) => Boolean(body.code) || Boolean(body.password), {
    message: "Enter a code from your authenticator app or your password",
    path: ["code"],
  });
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

/** The second step of a sign-in: a TOTP code or one of the recovery codes. */
export const secondFactorVerifyRequestSchema = z.object({ code: secondFactorCodeSchema });
export type SecondFactorVerifyRequest = z.infer<typeof secondFactorVerifyRequestSchema>;

/** A sign-in that still needs the second factor: no session yet, only a short-lived pending one. */
export const secondFactorRequiredResponseSchema = z.object({
  success: z.literal(false),
  secondFactorRequired: z.literal(true),
});
export type SecondFactorRequiredResponse = z.infer<typeof secondFactorRequiredResponseSchema>;

export const signedInResponseSchema = z.object({ success: z.literal(true), user: authUserSchema });

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .min(1, CURRENT_PASSWORD_REQUIRED)
    .max(1024, "Password is too long"),
  newPassword: z
    .string({ error: NEW_PASSWORD_TOO_SHORT })
    .min(6, NEW_PASSWORD_TOO_SHORT)
    .max(256, "Password must be at most 256 characters"),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The form adds the confirmation, checked in the browser only. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.confirmPassword === form.newPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ["confirmPassword"],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const changePasswordResponseSchema = z.object({
  success: z.literal(true),
  /** How many other sessions were signed out. */
  endedSessions: z.number(),
});

export const adminTwoFactorStatusResponseSchema = z.object({ enabled: z.boolean() });

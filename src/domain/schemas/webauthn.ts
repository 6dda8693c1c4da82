// Passkey (WebAuthn) calls: spec part 1 sections 3, 5 and 7; part 2 'Biometric credentials'.
// The ceremony payloads are the JSON forms @simplewebauthn/browser produces; every string is
// base64url and bounded, so nothing unbounded reaches the verifier or the database.
import { z } from "zod";
import { authUserSchema } from "./auth";
import { NUL_MESSAGE } from "./common";
import {
  BIOMETRIC_USERNAME_REQUIRED,
  CREDENTIAL_NAME_MAX,
  DEFAULT_CREDENTIAL_NAME,
} from "./webauthn-messages";

const base64url = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, "Must be base64url");

const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;
const transportsSchema = z.array(z.enum(TRANSPORTS)).max(TRANSPORTS.length);
const clientExtensionResultsSchema = z.record(z.string().max(64), z.unknown()).default({});
const attachmentSchema = z.enum(["platform", "cross-platform"]).optional();

export const webauthnLoginOptionsRequestSchema = z.object({
  username: z
    .string({ error: BIOMETRIC_USERNAME_REQUIRED })
    .trim()
    .min(1, BIOMETRIC_USERNAME_REQUIRED)
    .max(200, "Username is too long")
    .refine((text) => !text.includes("\u0000"), NUL_MESSAGE),
});

/** The spec's passkey login verify request (part 1, section 3). */
export const authenticationResponseSchema = z.object({
  id: base64url(1024).min(1),
  rawId: base64url(1024).min(1),
  type: z.literal("public-key"),
  clientExtensionResults: clientExtensionResultsSchema,
  authenticatorAttachment: attachmentSchema,
  response: z.object({
    authenticatorData: base64url(16_384).min(1),
    clientDataJSON: base64url(16_384).min(1),
    signature: base64url(2048).min(1),
    userHandle: base64url(512).optional(),
  }),
});
export const webauthnLoginVerifyRequestSchema = z.object({
  authenticationResponse: authenticationResponseSchema,
});
export type WebauthnLoginVerifyRequest = z.infer<typeof webauthnLoginVerifyRequestSchema>;

export const registrationResponseSchema = z.object({
  id: base64url(1024).min(1),
  rawId: base64url(1024).min(1),
  type: z.literal("public-key"),
  clientExtensionResults: clientExtensionResultsSchema,
  authenticatorAttachment: attachmentSchema,
  response: z.object({
    clientDataJSON: base64url(16_384).min(1),
    attestationObject: base64url(65_536).min(1),
    authenticatorData: base64url(16_384).optional(),
    transports: transportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

/** The name a person gives a passkey; blank means the spec's default 'My Device'. */
export const credentialNameSchema = z.preprocess(
  (value) =>
    value === undefined || value === null || (typeof value === "string" && value.trim() === "")
      ? DEFAULT_CREDENTIAL_NAME
      : value,
  z
    .string({ error: "Must be text" })
    .trim()
    .max(CREDENTIAL_NAME_MAX, `Must be at most ${CREDENTIAL_NAME_MAX} characters`)
    .refine((text) => !text.includes("\u0000"), NUL_MESSAGE),
);

export const webauthnRegisterOptionsRequestSchema = z.strictObject({
  // The spec's client sends the username; the server registers for the signed-in user only.
  username: z.string().max(200).optional(),
});

export const webauthnRegisterVerifyRequestSchema = z.object({
  attestationResponse: registrationResponseSchema,
  credentialName: credentialNameSchema,
});
export type WebauthnRegisterVerifyRequest = z.infer<typeof webauthnRegisterVerifyRequestSchema>;

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal("public-key"),
  transports: z.array(z.string()).optional(),
});

/** What @simplewebauthn/browser's startAuthentication() takes as optionsJSON. */
export const authenticationOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema),
  userVerification: z.enum(["required", "preferred", "discouraged"]).optional(),
});

/** Same shape whether or not the username exists; allowCredentials is empty when it does not. */
export const webauthnLoginOptionsResponseSchema = z.object({
  success: z.literal(true),
  options: authenticationOptionsSchema,
});
export type WebauthnLoginOptionsResponse = z.infer<typeof webauthnLoginOptionsResponseSchema>;

export const webauthnLoginVerifyResponseSchema = z.object({
  success: z.literal(true),
  user: authUserSchema,
});

/** What @simplewebauthn/browser's startRegistration() takes as optionsJSON. */
export const registrationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal("public-key") })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(["discouraged", "preferred", "required"]).optional(),
      userVerification: z.enum(["required", "preferred", "discouraged"]).optional(),
    })
    .optional(),
  attestation: z.enum(["direct", "enterprise", "indirect", "none"]).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.string()).optional(),
});

export const webauthnRegisterOptionsResponseSchema = z.object({
  success: z.literal(true),
  options: registrationOptionsSchema,
});
export type WebauthnRegisterOptionsResponse = z.infer<typeof webauthnRegisterOptionsResponseSchema>;

/** A registered passkey as the Profile lists it (spec part 2: id, credentialName, lastUsed). */
export const webauthnCredentialResponseSchema = z.object({
  id: z.number(),
  credentialName: z.string(),
  lastUsed: z.string().nullable(),
  createdAt: z.string(),
});
export type WebauthnCredentialResponse = z.infer<typeof webauthnCredentialResponseSchema>;

export const webauthnCredentialListResponseSchema = z.array(webauthnCredentialResponseSchema);

export const webauthnRegisterVerifyResponseSchema = z.object({
  success: z.literal(true),
  credential: webauthnCredentialResponseSchema,
});

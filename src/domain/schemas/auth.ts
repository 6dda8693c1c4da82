import { z } from "zod";
import { ROLES } from "../enums";
import { PASSWORD_REQUIRED, USERNAME_REQUIRED } from "./auth-messages";
import { errorResponseSchema } from "./errors";

export const loginRequestSchema = z.object({
  username: z
    .string({ error: USERNAME_REQUIRED })
    .trim()
    .min(1, USERNAME_REQUIRED)
    .max(200, "Username is too long"),
  password: z
    .string({ error: PASSWORD_REQUIRED })
    .min(1, PASSWORD_REQUIRED)
    .max(1024, "Password is too long"),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The signed-in user as the shell reads it (spec part 1, section 3). */
export const authUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  displayName: z.string(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  department: z.string().nullable(),
  role: z.enum(ROLES),
  isAdmin: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authStatusResponseSchema = z.object({
  authenticated: z.boolean(),
  user: authUserSchema.nullable(),
});
export type AuthStatusResponse = z.infer<typeof authStatusResponseSchema>;

/** The spec's client signs in only when `success` is true. */
export const loginResponseSchema = z.object({ success: z.literal(true), user: authUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A refused sign-in: the error body, with the spec's success:false beside it. */
export const loginErrorResponseSchema = errorResponseSchema.extend({
  success: z.literal(false).optional(),
});

export const logoutResponseSchema = z.object({ success: z.literal(true) });

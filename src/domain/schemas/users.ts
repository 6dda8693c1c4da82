// Request and response schemas of the Users area, with the spec's messages (part 2, section 5).
import { z } from "zod";
import { ROLES } from "../enums";
import { authUserSchema } from "./auth";
import { activeOnlyQuerySchema, optionalText } from "./common";
import { keyPart, listCursors, nullableKeyPart, withKeyset } from "./cursor";
import { holdingItemSchema } from "./offboarding";
import { pageQuerySchema, sortSchema } from "./paging";

export const roleSchema = z.enum(ROLES, { error: "Role must be admin or user" });

const usernameSchema = z
  .string({ error: "Username must be at least 3 characters" })
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(64, "Username must be at most 64 characters")
  .regex(/^[^\s]+$/, "Username cannot contain spaces");

const passwordSchema = z
  .string({ error: "Password must be at least 6 characters" })
  .min(6, "Password must be at least 6 characters")
  .max(256, "Password must be at most 256 characters");

const emailSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? null : value),
  z.email("Please enter a valid email").trim().max(254).nullable().optional(),
);

export const createUserRequestSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  fullName: optionalText(200),
  email: emailSchema,
  department: optionalText(200),
  role: roleSchema.default("user"),
  isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z.object({
  username: usernameSchema.optional(),
  // Blank keeps the current password.
  password: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    passwordSchema.optional(),
  ),
  fullName: optionalText(200),
  email: emailSchema,
  department: optionalText(200),
  role: roleSchema.optional(),
  isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** The users list's sorts as cursors hold them (decision 0040): keys in ORDER BY order. */
export const userCursors = listCursors("users", {
  username: [keyPart("text")],
  fullName: [nullableKeyPart("text"), keyPart("text")],
  createdAt: [keyPart("timestamptz")],
});

/**
 * The users list: the list kit's paging and search (username, name, e-mail, department),
 * `active=true` for the assign dialogs' pickers, and `role=admin` for the pickers of who may
 * approve (a trust review's approval handed over when offboarding).
 */
export const userListQuerySchema = withKeyset(
  pageQuerySchema.extend({
    sort: sortSchema(["username", "fullName", "createdAt"], "username"),
    active: activeOnlyQuerySchema,
    role: roleSchema.optional(),
  }),
  userCursors,
);
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** A user as the API returns it; the password hash never leaves the server. */
export const userResponseSchema = authUserSchema.extend({
  isActive: z.boolean(),
  hasGoogle: z.boolean(),
  /** Linked to the single sign-on issuer (OIDC_ISSUER). */
  hasOidc: z.boolean(),
  createdAt: z.string(),
});
export type UserResponse = z.infer<typeof userResponseSchema>;
export const userListResponseSchema = z.array(userResponseSchema);

/**
 * What a user holds: the counts say what deleting or deactivating them releases (the
 * confirmations say so); the items are everything the Offboard dialog decides on.
 */
export const userHoldingsResponseSchema = z.object({
  hardware: z.number(),
  officeAccounts: z.number(),
  licenses: z.number(),
  items: z.array(holdingItemSchema),
  /**
   * SCIM deactivated them under the 'hold' policy (decision 0060): inactive, and the Offboard
   * dialog still decides on what they hold.
   */
  offboardingHeld: z.boolean(),
});
export type UserHoldingsResponse = z.infer<typeof userHoldingsResponseSchema>;

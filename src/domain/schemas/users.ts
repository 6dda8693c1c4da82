// Request schemas for the Users area, with the spec's messages (part 2, section 5).
import { z } from "zod";
import type { AuthUser } from "./auth";
import { optionalText } from "./common";

export const roleSchema = z.enum(["admin", "user"], { error: "Role must be admin or user" });

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

export const createUserSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  fullName: optionalText(200),
  email: emailSchema,
  department: optionalText(200),
  role: roleSchema.default("user"),
  isActive: z.boolean({ error: "isActive must be true or false" }).default(true),
});
export type CreateUserRequest = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.object({
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
export type UpdateUserRequest = z.infer<typeof updateUserSchema>;

export const userListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
});

/** A user as the API returns it; the password hash never leaves the server. */
export interface UserDto extends AuthUser {
  isActive: boolean;
  hasGoogle: boolean;
  createdAt: string;
}

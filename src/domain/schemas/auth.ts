import { z } from "zod";

export const loginRequestSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .max(200, "Username is too long"),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(1024, "Password is too long"),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The signed-in user as the shell reads it (spec part 1, section 3). */
export interface AuthUser {
  id: number;
  username: string;
  displayName: string;
  fullName: string | null;
  email: string | null;
  department: string | null;
  role: "admin" | "user";
  isAdmin: boolean;
}

export interface AuthStatus {
  authenticated: boolean;
  user: AuthUser | null;
}

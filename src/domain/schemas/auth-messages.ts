// The sign-in form's messages without zod, so the login page can check for empty fields without
// loading zod (it is the first page a visitor downloads); loginRequestSchema uses the same ones.
export const USERNAME_REQUIRED = "Username is required";
export const PASSWORD_REQUIRED = "Password is required";

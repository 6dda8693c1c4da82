// The page to open after a Google sign-in: only a path of this app, never another site (an open
// redirect would lend the sign-in's credibility to a phishing page), the login page or the API.
export function safeReturnPath(value: string | undefined | null): string | null {
  if (typeof value !== "string" || value === "" || value.length > 2048) return null;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Browsers treat tabs and line breaks inside a URL as absent: "/\t/evil.example" is "//evil...".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let pathname: string;
  try {
    const url = new URL(value, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return null;
    pathname = url.pathname;
  } catch {
    return null;
  }
  if (pathname === "/login" || pathname.startsWith("/login/") || pathname.startsWith("/api/")) {
    return null;
  }
  return value;
}

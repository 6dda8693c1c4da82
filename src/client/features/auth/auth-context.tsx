// Who is signed in (spec part 1, section 4): checked on startup, re-checked 500 ms after a login,
// unforced checks within 5 s of the last one skipped, a failed check meaning "not signed in".
import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { ApiError, api, LOGIN_TIMEOUT_MS } from "@/client/lib/api-client";
import { arrivedEarlyStatus, takeEarlyStatus } from "@/client/lib/first-requests";
import type { AuthStatusResponse, AuthUser } from "@/domain/schemas/auth";

export type AuthState = "loading" | "authenticated" | "unauthenticated";

export const AUTH_CHECK_THROTTLE_MS = 5_000;
export const POST_LOGIN_RECHECK_MS = 500;

export interface AuthContextValue {
  status: AuthState;
  user: AuthUser | null;
  isAdmin: boolean;
  /**
   * Asks the server again; unforced calls within 5 s of the previous check do nothing. Resolves
   * with whether someone is signed in afterwards.
   */
  checkAuth: (force?: boolean) => Promise<boolean>;
  /**
   * Password sign-in. Resolves false without a request when a field is empty and false when the
   * server refuses the credentials (401); throws an ApiError for anything else (429, network...).
   * "second-factor": the password was right and the server waits for the second factor's code.
   */
  login: (username: string, password: string) => Promise<boolean | "second-factor">;
  /** Adopts a user the server has just signed in by another method (passkey). */
  acceptSignedInUser: (user: AuthUser) => void;
  logout: () => Promise<void>;
}

const AuthContext = React.createContext<AuthContextValue | null>(null);

interface LoginResponse {
  success?: boolean;
  user?: AuthUser;
  secondFactorRequired?: boolean;
}

const userOf = (answer: AuthStatusResponse) =>
  answer.authenticated && answer.user ? answer.user : null;

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  // The startup check's answer when it came before the first render (lib/first-requests.ts):
  // adopted as it is, so that render already shows the page or the sign-in screen.
  const [arrived] = React.useState(() => {
    const answer = arrivedEarlyStatus();
    return answer ? { user: userOf(answer) } : undefined;
  });
  const [status, setStatus] = React.useState<AuthState>(
    arrived ? (arrived.user ? "authenticated" : "unauthenticated") : "loading",
  );
  const [user, setUser] = React.useState<AuthUser | null>(arrived?.user ?? null);
  const lastCheckRef = React.useRef(0);
  const recheckTimerRef = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const userRef = React.useRef<AuthUser | null>(arrived?.user ?? null);
  const sequenceRef = React.useRef(0);

  const applyUser = React.useCallback(
    (next: AuthUser | null) => {
      // A different person now: nothing cached for the previous one may be shown.
      if (userRef.current && next && userRef.current.id !== next.id) queryClient.clear();
      userRef.current = next;
      setUser(next);
      setStatus(next ? "authenticated" : "unauthenticated");
    },
    [queryClient],
  );

  const checkAuth = React.useCallback(
    async (force = false) => {
      const now = Date.now();
      if (!force && now - lastCheckRef.current < AUTH_CHECK_THROTTLE_MS) {
        return userRef.current !== null;
      }
      lastCheckRef.current = now;
      const sequence = ++sequenceRef.current;
      let next: AuthUser | null = null;
      try {
        // The first check takes the answer asked for when the page loaded (lib/first-requests.ts).
        const early = takeEarlyStatus();
        const result = await (early ?? api.get<AuthStatusResponse>("/api/auth/status")).catch(
          (error: unknown) => {
            if (!early) throw error;
            return api.get<AuthStatusResponse>("/api/auth/status");
          },
        );
        next = result ? userOf(result) : null;
      } catch {
        next = null;
      }
      // A sign-in or sign-out that happened meanwhile is newer than this answer.
      if (sequence !== sequenceRef.current) return userRef.current !== null;
      applyUser(next);
      return next !== null;
    },
    [applyUser],
  );

  React.useEffect(() => {
    if (arrived) {
      // The startup check, already adopted: taken so nobody adopts it again.
      takeEarlyStatus();
      lastCheckRef.current = Date.now();
    } else {
      void checkAuth(true);
    }
    return () => clearTimeout(recheckTimerRef.current);
  }, [arrived, checkAuth]);

  const scheduleRecheck = React.useCallback(() => {
    clearTimeout(recheckTimerRef.current);
    recheckTimerRef.current = setTimeout(() => void checkAuth(true), POST_LOGIN_RECHECK_MS);
  }, [checkAuth]);

  const acceptSignedInUser = React.useCallback(
    (signedIn: AuthUser) => {
      sequenceRef.current++;
      queryClient.clear();
      applyUser(signedIn);
      scheduleRecheck();
    },
    [applyUser, queryClient, scheduleRecheck],
  );

  const login = React.useCallback(
    async (username: string, password: string) => {
      if (username.trim() === "" || password === "") return false;
      let result: LoginResponse | null;
      try {
        result = await api.post<LoginResponse>(
          "/api/auth/login",
          { username: username.trim(), password },
          { timeoutMs: LOGIN_TIMEOUT_MS },
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          console.warn("Login refused:", error.message);
          return false;
        }
        throw error;
      }
      if (result?.secondFactorRequired) return "second-factor" as const;
      if (!result?.success || !result.user) return false;
      acceptSignedInUser(result.user);
      return true;
    },
    [acceptSignedInUser],
  );

  const logout = React.useCallback(async () => {
    clearTimeout(recheckTimerRef.current);
    sequenceRef.current++;
    userRef.current = null;
    setUser(null);
    setStatus("unauthenticated");
    queryClient.clear();
    try {
      await api.post("/api/auth/logout");
    } catch (error) {
      // The local state is already cleared; a failed server call must not keep anyone signed in.
      console.warn("Logout request failed:", error);
    }
  }, [queryClient]);

  const value = React.useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      isAdmin: user?.isAdmin ?? false,
      checkAuth,
      login,
      acceptSignedInUser,
      logout,
    }),
    [status, user, checkAuth, login, acceptSignedInUser, logout],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = React.useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}

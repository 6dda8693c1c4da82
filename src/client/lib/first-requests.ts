// What the first screen needs from the server, asked for the moment the entry script runs
// (issue 30). Before, the dashboard's first paint waited on a chain: the entry, then
// /api/auth/status from the auth provider's effect, then the shell's and the page's chunks once
// the guard let them render, then the summary. Now the session check and, on the dashboard, its
// summary start together here; main.tsx starts the route's chunks beside them (app/router.tsx).
//
// Nothing here decides who may see what: the server answers each call for the session cookie it
// receives, exactly as it would the same call made later. A visitor without a session gets 401s
// that nobody reads (each promise here is taken at most once, by the code that would have made
// the call; an answer that failed is not taken, the call is made again as before).
import { api } from "@/client/lib/api-client";
import { todayIso } from "@/domain/dates";
import type { AuthStatusResponse } from "@/domain/schemas/auth";
import type { DashboardSummaryResponse } from "@/domain/schemas/dashboard";

/**
 * A call started early: its promise, whether it failed (then it is never handed out), and its
 * answer once that has arrived.
 */
interface Early<T> {
  answer: Promise<T>;
  failed: boolean;
  arrived?: { value: T };
}

function start<T>(path: string): Early<T> {
  const early: Early<T> = { answer: api.get<T>(path), failed: false };
  // A refusal (no session: 401) or a failure is the taker's business or nobody's: never an
  // unhandled rejection, which would count as an uncaught authorisation error (app/root-layout.tsx).
  early.answer.then(
    (value) => {
      early.arrived = { value };
    },
    () => {
      early.failed = true;
    },
  );
  return early;
}

export const summaryPath = (today: string) =>
  `/api/dashboard/summary?today=${encodeURIComponent(today)}`;

let status: Early<AuthStatusResponse> | undefined;
let summary: { today: string; early: Early<DashboardSummaryResponse> } | undefined;

/** Starts the session check, and on the dashboard its summary, for `pathname`. */
export function startFirstRequests(pathname: string) {
  status = start<AuthStatusResponse>("/api/auth/status");
  if (pathname === "/") {
    const today = todayIso();
    summary = { today, early: start<DashboardSummaryResponse>(summaryPath(today)) };
  }
}

/**
 * The session check's answer if it has already arrived and not been taken, without taking it.
 * main.tsx renders once the route's code is in, by when the answer usually is too: the auth
 * state then starts from it, and the first render shows the page instead of a spinner that the
 * page replaces a render later (issue 30).
 */
export function arrivedEarlyStatus(): AuthStatusResponse | undefined {
  return status?.arrived?.value;
}

/** The session check started at load, once; undefined afterwards (ask the server yourself). */
export function takeEarlyStatus(): Promise<AuthStatusResponse> | undefined {
  const early = status;
  status = undefined;
  return early && !early.failed ? early.answer : undefined;
}

/**
 * The dashboard summary for `today` started at load, once, if it has not failed. The caller
 * (the summary's query, enabled only for a signed-in viewer) falls back to its own request when
 * the early one fails, so a 401 answered before the session was known changes nothing.
 */
export function takeEarlySummary(today: string): Promise<DashboardSummaryResponse> | undefined {
  const early = summary;
  if (!early || early.today !== today) return undefined;
  summary = undefined;
  if (early.early.failed) return undefined;
  return early.early.answer;
}

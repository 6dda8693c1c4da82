import { afterEach, describe, expect, it, vi } from "vitest";
import { dashboardSummaryQuery } from "./dashboard-summary-query";
import {
  arrivedEarlyStatus,
  startFirstRequests,
  takeEarlyStatus,
  takeEarlySummary,
} from "./first-requests";

const SIGNED_IN = { authenticated: true, user: { id: 7, username: "ann" } };
const SUMMARY = { today: "2026-11-28" };

/** Stubs fetch: each path answers `status` with `body`; the calls are recorded in order. */
function serve(answers: Record<string, { status: number; body: unknown }>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      calls.push(path);
      const answer = answers[path.split("?")[0]!] ?? { status: 404, body: { message: "none" } };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // Nothing left behind for the next test.
  takeEarlyStatus();
  takeEarlySummary(new Date().toISOString().slice(0, 10));
});

describe("the first screen's requests", () => {
  it("asks for the session and the dashboard's summary together on /, before either answers", () => {
    const calls = serve({});
    startFirstRequests("/");
    expect(calls).toHaveLength(2);
    expect(calls[0]).toBe("/api/auth/status");
    expect(calls[1]).toMatch(/^\/api\/dashboard\/summary\?today=\d{4}-\d{2}-\d{2}$/);
  });

  it("asks for the session alone on any other page", () => {
    const calls = serve({});
    startFirstRequests("/licenses");
    expect(calls).toEqual(["/api/auth/status"]);
  });

  it("hands the session's answer out once", async () => {
    serve({ "/api/auth/status": { status: 200, body: SIGNED_IN } });
    startFirstRequests("/licenses");
    await expect(takeEarlyStatus()).resolves.toEqual(SIGNED_IN);
    expect(takeEarlyStatus()).toBeUndefined();
  });

  it("shows the session's answer once it has arrived, without handing it out", async () => {
    serve({ "/api/auth/status": { status: 200, body: SIGNED_IN } });
    startFirstRequests("/licenses");
    expect(arrivedEarlyStatus()).toBeUndefined();
    await settle();
    expect(arrivedEarlyStatus()).toEqual(SIGNED_IN);
    // Still there for the auth state's check to take, then gone.
    await expect(takeEarlyStatus()).resolves.toEqual(SIGNED_IN);
    expect(arrivedEarlyStatus()).toBeUndefined();
  });

  it("shows no answer when the session check failed", async () => {
    serve({ "/api/auth/status": { status: 503, body: { code: "DATABASE_UNAVAILABLE" } } });
    startFirstRequests("/licenses");
    await settle();
    expect(arrivedEarlyStatus()).toBeUndefined();
    expect(takeEarlyStatus()).toBeUndefined();
  });

  it("never hands out a refused summary, and a refusal nobody takes is no unhandled rejection", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      serve({ "/api/dashboard/summary": { status: 401, body: { code: "UNAUTHORIZED" } } });
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date(2026, 10, 28, 12));
      startFirstRequests("/");
      await settle();
      await settle();
      expect(takeEarlySummary("2026-11-28")).toBeUndefined();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("hands the summary out only for the day it was asked for, and only once", async () => {
    serve({ "/api/dashboard/summary": { status: 200, body: SUMMARY } });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 28, 12));
    startFirstRequests("/");
    expect(takeEarlySummary("2026-11-29")).toBeUndefined();
    await expect(takeEarlySummary("2026-11-28")).resolves.toEqual(SUMMARY);
    expect(takeEarlySummary("2026-11-28")).toBeUndefined();
  });

  it("the summary's query asks again when the early answer was refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 28, 12));
    let refuse = true;
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (path: string) => {
        calls.push(path);
        if (path.startsWith("/api/auth/status")) return new Response(JSON.stringify(SIGNED_IN));
        const status = refuse ? 401 : 200;
        refuse = false;
        return new Response(JSON.stringify(status === 200 ? SUMMARY : {}), { status });
      }),
    );
    startFirstRequests("/");
    const query = dashboardSummaryQuery(7, "2026-11-28");
    const queryFn = query.queryFn as (context: { signal: AbortSignal }) => Promise<unknown>;
    await expect(queryFn({ signal: new AbortController().signal })).resolves.toEqual(SUMMARY);
    expect(calls.filter((path) => path.startsWith("/api/dashboard/summary"))).toHaveLength(2);
  });
});

// The calendar feed section of `npm run bench`: the administrator's feed (every obligation from
// 30 days back to a year ahead) read the way a calendar client reads it, over loopback HTTP with
// no cookie: the first read (the feed written), full reads after it (the written body kept), and
// polls with the ETag (304). Run at the size with `npm run bench -- --licenses 20000`.
import { timedGet } from "./http-load";
import type { BenchSection } from "./sections";

const CALLS = 10;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const feedSection: BenchSection = {
  title: `Calendar feed (administrator: every obligation, -30 to +365 days; p50/p95 over ${CALLS} calls, HTTP)`,
  async run({ appUrl, adminCookie, counts }) {
    const created = await fetch(`${appUrl}/api/calendar-feed`, {
      method: "POST",
      headers: {
        cookie: adminCookie,
        "content-type": "application/json",
        "x-requested-with": "XMLHttpRequest",
        origin: new URL(appUrl).origin,
      },
      body: "{}",
    });
    if (created.status !== 201) throw new Error(`feed not created: ${created.status}`);
    const { url } = (await created.json()) as { url: string };
    const feedUrl = `${appUrl}${new URL(url).pathname}`;
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof timedGet>> | undefined;
    for (let i = 0; i < CALLS; i++) {
      last = await timedGet(feedUrl);
      if (last.status !== 200) throw new Error(`feed answered ${last.status}`);
      times.push(last.ms);
    }
    const first = times[0]!;
    times.sort((a, b) => a - b);
    const polls: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const poll = await timedGet(feedUrl, undefined, {
        "if-none-match": String(last!.headers.etag),
      });
      if (poll.status !== 304) throw new Error(`a poll with the ETag answered ${poll.status}`);
      polls.push(poll.ms);
    }
    polls.sort((a, b) => a - b);
    const events = (last!.body.toString("utf8").match(/^BEGIN:VEVENT/gm) ?? []).length;
    return [
      `licenses ${counts.licenses} | events ${events} | bytes ${last!.body.length} | first ${first.toFixed(0)} ms | p50 ${percentile(times, 50).toFixed(0)} ms | p95 ${percentile(times, 95).toFixed(0)} ms | 304 p50 ${percentile(polls, 50).toFixed(0)} ms`,
    ];
  },
};

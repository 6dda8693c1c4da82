// The calendar feed section of `npm run bench`: the administrator's feed (every obligation from
// 30 days back to a year ahead) read the way a calendar client reads it, over loopback HTTP with
// no cookie: full reads each after a change to one license (the feed written again, as after any
// edit), full reads of an unchanged feed (the written body kept) and polls with the ETag (304);
// then the same written reads of a feed of one kind (`?kinds=`). Run at the size with
// `npm run bench -- --licenses 50000 --only feed`.
import { timedGet } from "./http-load";
import type { BenchSection } from "./sections";

const CALLS = 10;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const feedSection: BenchSection = {
  title: `Calendar feed (administrator: every obligation, -30 to +365 days; p50/p95 over ${CALLS} calls, HTTP)`,
  async run({ appUrl, adminCookie, counts, exec }) {
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
    /** Full reads, each after a change to one license (so its body is written, never kept). */
    const written = async (address: string) => {
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof timedGet>> | undefined;
      for (let i = 0; i < CALLS; i++) {
        await exec(
          "update licenses set expiry_date = expiry_date + 1 where id = (select min(id) from licenses)",
        );
        last = await timedGet(address);
        if (last.status !== 200) throw new Error(`feed answered ${last.status}`);
        times.push(last.ms);
      }
      times.sort((a, b) => a - b);
      const events = (last!.body.toString("utf8").match(/^BEGIN:VEVENT/gm) ?? []).length;
      return { times, last: last!, events };
    };
    const all = await written(feedUrl);
    const kept: number[] = [];
    for (let i = 0; i < CALLS; i++) kept.push((await timedGet(feedUrl)).ms);
    kept.sort((a, b) => a - b);
    const polls: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const poll = await timedGet(feedUrl, undefined, {
        "if-none-match": String(all.last.headers.etag),
      });
      if (poll.status !== 304) throw new Error(`a poll with the ETag answered ${poll.status}`);
      polls.push(poll.ms);
    }
    polls.sort((a, b) => a - b);
    const expiries = await written(`${feedUrl}?kinds=license_expiry`);
    const line = (label: string, read: typeof all) =>
      `${label} | licenses ${counts.licenses} | events ${read.events} | bytes ${read.last.body.length} | written p50 ${percentile(read.times, 50).toFixed(0)} ms | p95 ${percentile(read.times, 95).toFixed(0)} ms`;
    return [
      line("every kind", all),
      line("?kinds=license_expiry", expiries),
      `every kind, kept body p50 ${percentile(kept, 50).toFixed(0)} ms | 304 p50 ${percentile(polls, 50).toFixed(0)} ms`,
    ];
  },
};

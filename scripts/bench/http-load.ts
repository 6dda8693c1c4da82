// Loopback HTTP for the benchmark: one timed GET, and a bounded burst of concurrent keep-alive
// GETs that reports requests per second.
import http from "node:http";
import { performance } from "node:perf_hooks";

export interface TimedResponse {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function timedGet(
  url: string,
  cookie?: string,
  headers: http.OutgoingHttpHeaders = {},
): Promise<TimedResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      url,
      { agent, headers: { ...headers, ...(cookie && { cookie }) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: response.headers,
            ms: performance.now() - started,
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

/**
 * Requests per second of `concurrency` clients each sending GETs back to back for `seconds`
 * (after a short warm-up). Every answer must be a 200: anything else fails the run, so a refused
 * session cannot pass for a fast one.
 */
export async function requestsPerSecond(
  url: string,
  options: {
    cookie?: string;
    concurrency?: number;
    seconds?: number;
    /** Told when the timed run starts (true) and ends (false), after the warm-up. */
    measuring?: (on: boolean) => Promise<unknown>;
  } = {},
): Promise<number> {
  const concurrency = options.concurrency ?? 16;
  const seconds = options.seconds ?? 3;
  const run = async (durationMs: number) => {
    const end = performance.now() + durationMs;
    let done = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          const response = await timedGet(url, options.cookie);
          if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
          done++;
        }
      }),
    );
    return done;
  };
  await run(500);
  await options.measuring?.(true);
  const started = performance.now();
  const done = await run(seconds * 1000);
  const rate = done / ((performance.now() - started) / 1000);
  await options.measuring?.(false);
  return rate;
}

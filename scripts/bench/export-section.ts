// The Exports section of `npm run bench`: the whole license list (every seeded license) exported
// as CSV, .xlsx and PDF over HTTP, as an administrator. Prints the time to the first byte (the
// download starts while the rows are still being read), the total, the size and rows per second.
import type { BenchSection } from "./sections";

async function timedDownload(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`${url}: ${response.status}`);
  let firstByteMs = 0;
  let bytes = 0;
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += next.value.byteLength;
  }
  return { firstByteMs, totalMs: performance.now() - started, bytes };
}

export const exportSection: BenchSection = {
  title: "Exports (GET /api/licenses/export, every license, administrator)",
  async run({ appUrl, adminCookie, counts }) {
    const lines: string[] = [];
    for (const format of ["csv", "xlsx", "pdf"] as const) {
      const result = await timedDownload(
        `${appUrl}/api/licenses/export?format=${format}`,
        adminCookie,
      );
      const rowsPerSecond = Math.round(counts.licenses / (result.totalMs / 1000));
      lines.push(
        `${format.padEnd(5)} ${counts.licenses} rows: first byte ${result.firstByteMs.toFixed(0)} ms, ` +
          `whole ${result.totalMs.toFixed(0)} ms, ${(result.bytes / 1024).toFixed(0)} KB, ` +
          `${rowsPerSecond} rows/s`,
      );
    }
    return lines;
  },
};

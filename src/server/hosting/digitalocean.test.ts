// The DigitalOcean client's own rules, beside the API tests: names from invoice items, Retry-After,
// the token never leaving for another host, meta.total checked, and the preview keyword fallback.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DigitalOceanStandIn,
  sampleAccount,
  startDigitalOceanStandIn,
} from "../../../tests/support/digitalocean-stand-in";
import { createDigitalOceanProvider, dropletNameOf, retryAfterMs } from "./digitalocean";
import { HostingProviderError } from "./provider";

describe("dropletNameOf", () => {
  it("reads '<name> (<size>)', then the group description, then the id", () => {
    const item = { description: "", group_description: "", resource_id: "42" };
    expect(dropletNameOf({ ...item, description: "web-1 (s-1vcpu-1gb)" })).toBe("web-1");
    expect(dropletNameOf({ ...item, description: "my box (a) (s-2vcpu)" })).toBe("my box (a)");
    expect(dropletNameOf({ ...item, group_description: "cluster-a" })).toBe("cluster-a");
    expect(dropletNameOf({ ...item, description: "plain" })).toBe("plain");
    expect(dropletNameOf(item)).toBe("droplet 42");
  });
});

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates, 1 s when missing", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(null)).toBe(1000);
    expect(retryAfterMs("soon")).toBe(1000);
    const now = Date.parse("2026-11-24T10:00:00Z");
    expect(retryAfterMs("Tue, 24 Nov 2026 10:00:05 GMT", now)).toBe(5000);
    expect(retryAfterMs("Tue, 24 Nov 2026 09:00:00 GMT", now)).toBe(0);
  });
});

describe("the client against the stand-in", () => {
  let standIn: DigitalOceanStandIn;
  beforeAll(async () => {
    standIn = await startDigitalOceanStandIn({ account: sampleAccount("2026-11", "2026-10") });
  });
  afterAll(() => standIn.close());
  const client = (fetchImpl?: typeof fetch) =>
    createDigitalOceanProvider({
      token: standIn.token,
      apiUrl: `${standIn.url}/`,
      timeoutMs: 2000,
      maxRetryWaitMs: 0,
      fetch: fetchImpl,
    });

  it("sends the token only to the configured API, whatever a next link says", async () => {
    const hosts: string[] = [];
    const spy: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      hosts.push(url.host);
      return fetch(url, init);
    };
    const evil = createDigitalOceanProvider({
      token: standIn.token,
      apiUrl: standIn.url,
      timeoutMs: 2000,
      maxRetryWaitMs: 0,
      fetch: async (input, init) => {
        const response = await spy(input, init);
        const body = await response.json();
        if (body.links?.pages?.next) {
          const next = new URL(body.links.pages.next);
          body.links.pages.next = `https://attacker.example${next.pathname}${next.search}`;
        }
        return new Response(JSON.stringify(body), { status: response.status });
      },
    });
    const machines = await evil.machines();
    expect(machines.map((m) => m.name)).toEqual(["web-1", "db-primary", "new-api"]);
    expect(new Set(hosts)).toEqual(new Set([new URL(standIn.url).host]));
  });

  it("refuses a list shorter than its meta.total", async () => {
    const short = createDigitalOceanProvider({
      token: standIn.token,
      apiUrl: standIn.url,
      timeoutMs: 2000,
      maxRetryWaitMs: 0,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const body = await response.json();
        if (body.links?.pages) body.links.pages = {};
        return new Response(JSON.stringify(body), { status: response.status });
      },
    });
    await expect(short.machines()).rejects.toThrow(/listed 3 but sent 2/);
  });

  it("reads the running month as 'preview' when its uuid is not found", async () => {
    const list = await client().invoices();
    expect(list.running).toMatchObject({ month: "2026-11", preview: true });
    const charges = await client().machineCharges({ ...list.running!, id: "no-such-uuid" });
    expect(charges.map((c) => [c.machineId, c.amount])).toEqual([
      ["1001", "12.34"],
      ["1002", "8.08"],
      ["1004", "0.97"],
    ]);
    await expect(
      client().machineCharges({ id: "no-such-uuid", month: "2026-10" }),
    ).rejects.toBeInstanceOf(HostingProviderError);
  });

  it("reads amounts sent as numbers like the strings of the real API", async () => {
    const numeric = createDigitalOceanProvider({
      token: standIn.token,
      apiUrl: standIn.url,
      timeoutMs: 2000,
      maxRetryWaitMs: 0,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const body = await response.json();
        for (const item of body.invoice_items ?? []) item.amount = Number(item.amount);
        return new Response(JSON.stringify(body), { status: response.status });
      },
    });
    const list = await numeric.invoices();
    const charges = await numeric.machineCharges(list.running!);
    expect(charges.map((c) => c.amount)).toEqual(["12.34", "8.08", "0.97"]);
  });

  it("reads a preview listed without its uuid through the 'preview' keyword", async () => {
    const bare = createDigitalOceanProvider({
      token: standIn.token,
      apiUrl: standIn.url,
      timeoutMs: 2000,
      maxRetryWaitMs: 0,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const body = await response.json();
        if (body.invoice_preview) delete body.invoice_preview.invoice_uuid;
        return new Response(JSON.stringify(body), { status: response.status });
      },
    });
    const list = await bare.invoices();
    expect(list.running).toEqual({ id: "preview", month: "2026-11", preview: true });
    expect((await bare.machineCharges(list.running!)).map((c) => c.name)).toEqual([
      "web-1",
      "db-1",
      "new-api",
    ]);
  });

  it("refuses a wrong token with the issue's message", async () => {
    const wrong = createDigitalOceanProvider({
      token: "nope",
      apiUrl: standIn.url,
      timeoutMs: 2000,
      maxRetryWaitMs: 0,
    });
    await expect(wrong.invoices()).rejects.toThrow("the DigitalOcean token was refused");
  });
});

import { describe, expect, it, vi } from "vitest";
import { lazyPage } from "./lazy-page";

const Page = () => null;

describe("lazyPage preload", () => {
  it("settles only once the page's code is in, and fetches it once", async () => {
    let arrive: (module: { Page: typeof Page }) => void = () => {};
    const load = vi.fn(() => new Promise<{ Page: typeof Page }>((resolve) => (arrive = resolve)));
    const page = lazyPage(load, (module) => module.Page);
    let settled = false;
    const first = page.preload().then(() => {
      settled = true;
    });
    const second = page.preload();
    await Promise.resolve();
    expect(settled).toBe(false);
    arrive({ Page });
    await Promise.all([first, second]);
    expect(settled).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("settles without rejecting when the fetch fails, and the next call fetches again", async () => {
    const load = vi
      .fn<() => Promise<{ Page: typeof Page }>>()
      .mockRejectedValueOnce(new Error("network"))
      .mockResolvedValueOnce({ Page });
    const page = lazyPage(load, (module) => module.Page);
    await expect(page.preload()).resolves.toBeUndefined();
    await expect(page.preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

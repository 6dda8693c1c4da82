// The address checks at their edges: each refused range's first and last address refused, the
// addresses just outside it allowed; IPv4-mapped and NAT64 IPv6 refused whatever they map to.
import { describe, expect, it } from "vitest";
import {
  checkDestination,
  checkUrlShape,
  isLoopbackAddress,
  isPublicAddress,
} from "./address-guard";

describe("isPublicAddress", () => {
  it.each([
    ["0.0.0.0", false],
    ["0.255.255.255", false],
    ["1.0.0.0", true],
    ["9.255.255.255", true],
    ["10.0.0.0", false],
    ["10.255.255.255", false],
    ["11.0.0.0", true],
    ["100.63.255.255", true],
    ["100.64.0.0", false],
    ["100.127.255.255", false],
    ["100.128.0.0", true],
    ["126.255.255.255", true],
    ["127.0.0.1", false],
    ["127.255.255.255", false],
    ["128.0.0.0", true],
    ["169.253.255.255", true],
    ["169.254.0.0", false],
    ["169.254.169.254", false],
    ["169.255.0.0", true],
    ["172.15.255.255", true],
    ["172.16.0.0", false],
    ["172.31.255.255", false],
    ["172.32.0.0", true],
    ["192.167.255.255", true],
    ["192.168.0.0", false],
    ["192.168.255.255", false],
    ["192.169.0.0", true],
    ["223.255.255.255", true],
    ["224.0.0.0", false],
    ["239.255.255.255", false],
    ["255.255.255.255", false],
    ["93.184.216.34", true],
    ["::", false],
    ["::1", false],
    ["::2", false],
    ["::ffff:8.8.8.8", false],
    ["::ffff:127.0.0.1", false],
    ["64:ff9b::a00:1", false],
    ["fc00::", false],
    ["fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", false],
    ["fe00::", true],
    ["fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff", true],
    ["fe80::", false],
    ["febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", false],
    ["ff00::", false],
    ["ff02::1", false],
    ["2606:4700:4700::1111", true],
    ["2001:4860:4860::8888", true],
    ["not an address", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it("knows loopback", () => {
    expect(isLoopbackAddress("127.0.0.1")).toBe(true);
    expect(isLoopbackAddress("::1")).toBe(true);
    expect(isLoopbackAddress("128.0.0.1")).toBe(false);
    expect(isLoopbackAddress("::ffff:127.0.0.1")).toBe(false);
  });
});

describe("checkUrlShape and checkDestination", () => {
  const resolve =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: (address.includes(":") ? 6 : 4) as 4 | 6 }));

  it("wants https, http only to loopback with allowLocal", async () => {
    expect(() => checkUrlShape("http://hooks.example.test/x", false)).toThrow("https");
    expect(() => checkUrlShape("ftp://hooks.example.test/x", true)).toThrow("https");
    expect(() => checkUrlShape("https://user:pw@hooks.example.test/x", false)).toThrow("password");
    expect(() => checkUrlShape("not a url", false)).toThrow("URL");
    const local = checkUrlShape("http://localhost:8080/x", true);
    await expect(
      checkDestination(local, { allowLocal: true, resolve: resolve("127.0.0.1") }),
    ).resolves.toEqual({
      address: "127.0.0.1",
      family: 4,
    });
    await expect(
      checkDestination(local, { allowLocal: true, resolve: resolve("192.168.1.2") }),
    ).rejects.toThrow("only to this machine");
    await expect(
      checkDestination(new URL("https://[::1]/x"), { allowLocal: false }),
    ).rejects.toThrow("private");
  });

  it("refuses a host when any of its addresses is not public", async () => {
    const url = new URL("https://hooks.example.test/x");
    await expect(
      checkDestination(url, { allowLocal: false, resolve: resolve("93.184.216.34") }),
    ).resolves.toMatchObject({ address: "93.184.216.34" });
    await expect(
      checkDestination(url, { allowLocal: false, resolve: resolve("93.184.216.34", "10.0.0.1") }),
    ).rejects.toThrow("private");
    await expect(checkDestination(url, { allowLocal: false, resolve: resolve() })).rejects.toThrow(
      "does not resolve",
    );
    await expect(
      checkDestination(new URL("https://169.254.169.254/latest"), { allowLocal: true }),
    ).rejects.toThrow("private");
  });
});

import { describe, expect, it } from "vitest";
import { parseTrustedProxies } from "./trusted-proxies.server";

describe("TRUST_PROXY", () => {
  it("reads addresses, subnets and Express's range names, comma separated", () => {
    expect(parseTrustedProxies("")).toEqual({ proxies: [] });
    expect(parseTrustedProxies("0")).toEqual({ proxies: [] });
    expect(parseTrustedProxies("loopback")).toEqual({ proxies: ["loopback"] });
    expect(parseTrustedProxies(" 10.0.0.5, 172.18.0.0/16 ,fd00::/8, ::1, UniqueLocal ")).toEqual({
      proxies: ["10.0.0.5", "172.18.0.0/16", "fd00::/8", "::1", "uniquelocal"],
    });
  });

  it("refuses a count of proxies, saying what to write instead", () => {
    for (const count of ["1", "2", "10"]) {
      const parsed = parseTrustedProxies(count);
      expect(parsed).toHaveProperty("error");
      expect("error" in parsed && parsed.error).toMatch(
        new RegExp(`^"${count}" is a count of proxies, .*whoever connects.*TRUST_PROXY=loopback`),
      );
    }
  });

  it("refuses whatever would trust everybody, and names the entry it cannot read", () => {
    const errorOf = (value: string) => {
      const parsed = parseTrustedProxies(value);
      return "error" in parsed ? parsed.error : null;
    };
    expect(errorOf("true")).toMatch(/would believe every client's X-Forwarded-For/);
    expect(errorOf("*")).toMatch(/would believe every client's X-Forwarded-For/);
    expect(errorOf("0.0.0.0/0")).toMatch(/"0.0.0.0\/0" has a prefix length that is not 1 to 32/);
    expect(errorOf("::/0")).toMatch(/"::\/0" has a prefix length that is not 1 to 128/);
    expect(errorOf("10.0.0.0/33")).toMatch(/not 1 to 32/);
    expect(errorOf("loopback,nginx")).toMatch(/"nginx" is not an IP address, a subnet/);
    expect(errorOf("10.0.0.1/8/8")).toMatch(/"10.0.0.1\/8\/8" is not an IP address/);
    expect(errorOf("10.0.0.256")).toMatch(/is not an IP address/);
    expect(errorOf("loopback,")).toMatch(/"" is not an IP address/);
  });
});

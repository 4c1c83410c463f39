import { describe, expect, it } from "vitest";
import { isBareHost, renderedUrl, requestTargetProblem } from "../../server/request-target.mjs";

/** The parts of an Express request the checks read: raw headers as Node keeps them, and Express's getters. */
function request(rawHeaders: string[], { originalUrl = "/", protocol = "http", hostname = "" } = {}) {
  const headers: Record<string, string> = {};
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    // Node keeps the first Host and joins repeated unknown headers with ", ".
    headers[name] =
      name in headers
        ? name === "host"
          ? headers[name]!
          : `${headers[name]}, ${rawHeaders[i + 1]}`
        : rawHeaders[i + 1]!;
  }
  return {
    rawHeaders,
    headers,
    originalUrl,
    protocol,
    hostname: hostname || (headers.host ?? "").replace(/:\d+$/, ""),
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Parameters<typeof requestTargetProblem>[0];
}

describe("a request's target", () => {
  it("is a bare host[:port]: nothing a URL parser reads as a user, path, query or fragment", () => {
    for (const host of ["tienda.example", "TIENDA.example.", "localhost:3000", "127.0.0.1", "[::1]:8080", "shop_1"]) {
      expect(isBareHost(host), host).toBe(true);
    }
    for (const host of [
      "",
      "a#",
      "evil@a",
      "a/b",
      "a?b",
      "a b",
      "a\\b",
      "a:99999",
      "a:80x",
      "[::1",
      "a,b",
      "a:",
      ":80",
    ]) {
      expect(isBareHost(host), host).toBe(false);
    }
    expect(isBareHost(`${"a".repeat(256)}`)).toBe(false);
  });

  it("refuses two Hosts, a forwarded list, a strange scheme and a target that is not a path", () => {
    expect(requestTargetProblem(request(["Host", "tienda.example"]))).toBeNull();
    expect(requestTargetProblem(request(["Host", "a.example", "Host", "b.example"]))).not.toBeNull();
    expect(
      requestTargetProblem(request(["Host", "a", "X-Forwarded-Host", "b", "X-Forwarded-Host", "c"])),
    ).not.toBeNull();
    expect(requestTargetProblem(request(["Host", "a", "X-Forwarded-Proto", "https"]))).toBeNull();
    expect(requestTargetProblem(request(["Host", "a", "X-Forwarded-Proto", "gopher"]))).not.toBeNull();
    expect(requestTargetProblem(request(["Host", "a"], { originalUrl: "http://evil.example/" }))).not.toBeNull();
    expect(requestTargetProblem(request([]))).toBe("La dirección solicitada no es válida.");
  });

  it("builds the URL Remix renders: the host Express resolved, the port of X-Forwarded-Host or Host", () => {
    const url = (raw: string[], options = {}) => renderedUrl(request(raw, options)).href;
    expect(url(["Host", "localhost:3000"], { originalUrl: "/search?q=a#x" })).toBe(
      "http://localhost:3000/search?q=a#x",
    );
    expect(url(["Host", "127.0.0.1:3001", "X-Forwarded-Host", "tienda.example"], { hostname: "tienda.example" })).toBe(
      "http://tienda.example:3001/",
    );
    expect(url(["Host", "a:1", "X-Forwarded-Host", "b:2"], { hostname: "b", protocol: "https" })).toBe("https://b:2/");
  });
});

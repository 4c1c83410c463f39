import { afterEach, describe, expect, it } from "vitest";
import { action as forgotAction } from "~/routes/forgot-password";
import { prisma } from "~/utils/db.server";
import { getEnv, resetEnvCache } from "~/utils/env.server";
import { absoluteUrl, getPublicOrigin } from "~/utils/origin.server";
import { createUser, resetDatabase } from "../db-utils";
import { callAction } from "./auth-helpers";

const saved = { ...process.env };

afterEach(() => {
  for (const key of ["APP_ORIGIN", "ALLOWED_HOSTS", "PORT", "NODE_ENV"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetEnvCache();
});

function withEnv(env: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
}

const at = (url: string) => new Request(url);

describe("the public origin", () => {
  it("is APP_ORIGIN whenever it is set, whatever the request says", () => {
    withEnv({ APP_ORIGIN: "https://joyeriaaurora.mx/", ALLOWED_HOSTS: undefined });
    expect(getPublicOrigin(at("http://evil.example/forgot-password"))).toBe("https://joyeriaaurora.mx");
    expect(absoluteUrl(at("http://localhost:3000/"), "/producto/1")).toBe("https://joyeriaaurora.mx/producto/1");
  });

  it("without APP_ORIGIN follows only local and allow-listed hosts", () => {
    withEnv({ APP_ORIGIN: undefined, ALLOWED_HOSTS: "tienda.lan, staging.example:8080", PORT: "4321" });
    expect(getPublicOrigin(at("http://localhost:5173/x"))).toBe("http://localhost:5173");
    expect(getPublicOrigin(at("http://127.0.0.1:3000/x"))).toBe("http://127.0.0.1:3000");
    expect(getPublicOrigin(at("http://tienda.lan:3000/x"))).toBe("http://tienda.lan:3000");
    expect(getPublicOrigin(at("http://staging.example:8080/x"))).toBe("http://staging.example:8080");
    expect(getPublicOrigin(at("http://evil.example/x"))).toBe("http://localhost:4321");
    expect(getPublicOrigin(at("http://localhost.evil.example/x"))).toBe("http://localhost:4321");
  });

  it("is required in production", () => {
    withEnv({ NODE_ENV: "production", APP_ORIGIN: undefined, SESSION_SECRET: saved.SESSION_SECRET });
    expect(() => getEnv()).toThrow(/APP_ORIGIN is required in production/);
    withEnv({ APP_ORIGIN: "ftp://joyeria.example" });
    expect(() => getEnv()).toThrow(/APP_ORIGIN/);
  });

  it("names the reset link's host, never the Host header, even in development", async () => {
    withEnv({ APP_ORIGIN: undefined, ALLOWED_HOSTS: undefined, PORT: "3000" });
    await resetDatabase();
    await createUser({ email: "victima@example.test" });
    const body = new FormData();
    body.set("email", "victima@example.test");
    const request = new Request("http://evil.example/forgot-password", {
      method: "POST",
      body,
      headers: { Origin: "http://evil.example", Host: "evil.example" },
    });
    expect((await callAction(forgotAction, request)).status).toBe(200);
    const email = await prisma.outboxEmail.findFirstOrThrow({ where: { to: "victima@example.test" } });
    expect(email.text).toContain("http://localhost:3000/reset-password?token=");
    expect(email.text).not.toContain("evil.example");
  });
});

import crypto from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { cookieName, cookieSecrets, secureCookies } from "./session.server";

/** A browser stays "known" to an account for a year after its last successful login. */
const DEVICE_TTL_S = 365 * 24 * 60 * 60;

let cookie: Cookie | undefined;

function deviceCookie(): Cookie {
  cookie ??= createCookie(cookieName("joyeria_device"), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    secrets: cookieSecrets(),
    maxAge: DEVICE_TTL_S,
  });
  return cookie;
}

type DeviceValue = { id: string; account: string };

/** The account is stored as a keyed hash: the cookie does not reveal which e-mail logged in. */
function accountTag(email: string): string {
  return crypto.createHmac("sha256", cookieSecrets()[0]!).update(email).digest("base64url").slice(0, 22);
}

/**
 * The id of this browser when it has logged into `email`'s account before (a signed "device
 * cookie"), else null. Failed logins from such a browser are limited on their own, so an attacker
 * who locks the account from elsewhere never locks its owner out.
 */
export async function getKnownDevice(request: Request, email: string): Promise<string | null> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "object" || value === null) return null;
  const { id, account } = value as Partial<DeviceValue>;
  return typeof id === "string" && account === accountTag(email) ? id : null;
}

/** The Set-Cookie header that marks this browser as known to `email`'s account. */
export async function rememberDevice(request: Request, email: string): Promise<string> {
  const current: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  const id =
    typeof current === "object" && current !== null && typeof (current as DeviceValue).id === "string"
      ? (current as DeviceValue).id
      : crypto.randomBytes(16).toString("base64url");
  return deviceCookie().serialize({ id, account: accountTag(email) } satisfies DeviceValue);
}

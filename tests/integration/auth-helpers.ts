import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";

type Handler<A> = (args: A) => Promise<unknown> | unknown;

/** What `data()` returns: the value with its status and headers, not yet a Response. */
type DataWithInit = ReturnType<typeof data<unknown>>;

/** Its class is not exported: `data()`'s own result names it (public API, no internal tag). */
function isDataWithInit(value: unknown): value is DataWithInit {
  return value instanceof data(null).constructor;
}

/** The outcome of calling a loader or action directly: a Response, or data() with its status. */
export type Outcome = { status: number; headers: Headers; body: unknown };

/** Normalises what a loader/action returned or threw (Response, data(), or a plain object). */
export async function settle(run: () => Promise<unknown> | unknown): Promise<Outcome> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    if (thrown instanceof Response) value = thrown;
    else throw thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text
    }
    return { status: value.status, headers: value.headers, body };
  }
  if (isDataWithInit(value)) {
    return { status: value.init?.status ?? 200, headers: new Headers(value.init?.headers), body: value.data };
  }
  return { status: 200, headers: new Headers(), body: value };
}

export function formRequest(
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; origin?: string | null; headers?: Record<string, string> } = {},
): Request {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  const headers: Record<string, string> = { ...options.headers };
  if (options.origin !== null) headers.Origin = options.origin ?? "http://localhost";
  if (options.cookie) headers.Cookie = options.cookie;
  return new Request(`http://localhost${path}`, { method: "POST", body, headers });
}

export function getRequest(path: string, cookie?: string): Request {
  return new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** What the HTTP server passes to loaders and actions (the client's address). */
export type LoadContext = ActionFunctionArgs["context"];

export function callAction(action: Handler<ActionFunctionArgs>, request: Request, context: LoadContext = {}) {
  return settle(() => action({ request, params: {}, context }));
}

export function callLoader(loader: Handler<LoaderFunctionArgs>, request: Request, context: LoadContext = {}) {
  return settle(() => loader({ request, params: {}, context }));
}

/** The cookie pair ("name=value") from a Set-Cookie header. */
export function cookieFrom(outcome: Outcome): string {
  // Every cookie set (a login sets the session's and the known browser's), as a browser sends them back.
  const setCookies = outcome.headers.getSetCookie();
  if (setCookies.length === 0) throw new Error("no Set-Cookie header");
  return setCookies.map((cookie) => cookie.split(";")[0]!).join("; ");
}

/** What the form actions answer to a failed submission: conform's `SubmissionResult`. */
type Reply = {
  status?: string;
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null>;
};

/** Each field's messages of an action's reply; the form's own messages are under "form". */
export function errorsOf(outcome: Outcome): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries((outcome.body as Reply).error ?? {})) {
    if (messages?.length) errors[name === "" ? "form" : name] = messages;
  }
  return errors;
}

/** The values the reply sends back to re-fill the form. */
export function keptValuesOf(outcome: Outcome): Record<string, unknown> {
  return (outcome.body as Reply).initialValue ?? {};
}

#!/usr/bin/env node
// The operator's journey over HTTP, as a browser without JavaScript would make it (plain form posts,
// cookies kept by hand), for scripts/container-test.sh:
//   node scripts/container/journey.mjs login        --base URL --email E      (password in ADMIN_PASSWORD)
//   node scripts/container/journey.mjs add-product  --base URL --email E --name "Anillo …" --price 1234.50
//   node scripts/container/journey.mjs see-product  --base URL --name "Anillo …"
// Each prints one line saying what it saw and exits non-zero (with the page's status) when it did not.
import { parseArgs } from "node:util";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: "string" },
    email: { type: "string" },
    name: { type: "string" },
    price: { type: "string", default: "1450.00" },
  },
});
const [step] = positionals;
const base = values.base;
if (!step || !base) fail("usage: journey.mjs <login|add-product|see-product> --base URL …");

let cookie = "";

/** One request as a browser would send it: same-origin form posts, the session cookie, no redirects followed. */
async function request(path, { method = "GET", form } = {}) {
  const response = await fetch(new URL(path, base), {
    method,
    redirect: "manual",
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(base).origin } : {}),
    },
    body: form ? new URLSearchParams(form) : undefined,
  });
  const set = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (set.length > 0) {
    const jar = new Map(cookie ? cookie.split("; ").map((c) => [c.split("=")[0], c]) : []);
    for (const c of set) jar.set(c.split("=")[0], c);
    cookie = [...jar.values()].join("; ");
  }
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

function fail(message) {
  console.error(`✘ ${message}`);
  process.exit(1);
}

async function login() {
  const password = process.env.ADMIN_PASSWORD;
  if (!values.email || !password) fail("login needs --email and ADMIN_PASSWORD");
  const answer = await request("/login", { method: "POST", form: { email: values.email, password, redirectTo: "/" } });
  if (answer.status !== 302) fail(`login as ${values.email}: ${answer.status}, not a redirect`);
  // The Usuarios tab is for admins only.
  const admin = await request("/admin/usuarios");
  if (admin.status !== 200 || !admin.html.includes(values.email)) {
    fail(`/admin/usuarios after logging in as ${values.email}: ${admin.status}, not the admin's panel`);
  }
}

const steps = {
  async login() {
    await login();
    console.log(`✔ ${values.email} logged in and opened the admin's panel (/admin/usuarios)`);
  },
  async "add-product"() {
    await login();
    const page = await request("/admin/productos/nuevo");
    if (page.status !== 200) fail(`/admin/productos/nuevo: ${page.status}`);
    const answer = await request("/admin/productos/nuevo", {
      method: "POST",
      form: {
        name: values.name,
        price: values.price,
        image: "/favicon.svg",
        description: "Pieza agregada por la prueba del contenedor.",
        material: "Plata .925",
        categoryId: "1",
        stock: "3",
        inStock: "on",
      },
    });
    if (answer.status !== 302 || !/^\/admin\/productos\/\d+$/.test(answer.location ?? "")) {
      fail(`adding "${values.name}": ${answer.status} ${answer.location ?? ""}`);
    }
    console.log(`✔ "${values.name}" added through the admin's form: ${answer.location}`);
  },
  async "see-product"() {
    const search = await request(`/search?q=${encodeURIComponent(values.name)}`);
    const link = new RegExp(`href="(/producto/\\d+)"`).exec(search.html);
    if (search.status !== 200 || !link)
      fail(`the storefront's search for "${values.name}": ${search.status}, no product`);
    const product = await request(link[1]);
    if (product.status !== 200 || !product.html.includes(values.name)) fail(`${link[1]}: ${product.status}`);
    console.log(`✔ "${values.name}" is on the storefront: ${link[1]}`);
  },
};

if (!(step in steps)) fail(`unknown step ${step}`);
await steps[step]();

#!/usr/bin/env node
// The operator's journey over HTTP, as a browser without JavaScript would make it (plain form posts,
// cookies kept by hand), for scripts/container-test.sh:
//   node scripts/container/journey.mjs login        --base URL --email E      (password in ADMIN_PASSWORD)
//   node scripts/container/journey.mjs add-product  --base URL --email E --name "Anillo …" --price 1234.50
//   node scripts/container/journey.mjs see-product  --base URL --name "Anillo …"
//   node scripts/container/journey.mjs register     --base URL --email E --name "Ana"  (password in ADMIN_PASSWORD)
//   node scripts/container/journey.mjs not-admin    --base URL --email E               (password in ADMIN_PASSWORD)
// Each prints one line saying what it saw and exits non-zero (with the page's status) when it did not.
import { readFile } from "node:fs/promises";
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
if (!step || !base) fail("usage: journey.mjs <login|add-product|see-product|register|not-admin> --base URL …");

let cookie = "";

/**
 * One request as a browser would send it: same-origin form posts (url-encoded, or multipart when the
 * form is a FormData, as a form with a file input is), the session cookie, no redirects followed.
 */
async function request(path, { method = "GET", form } = {}) {
  const multipart = form instanceof FormData;
  const response = await fetch(new URL(path, base), {
    method,
    redirect: "manual",
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(form ? { Origin: new URL(base).origin } : {}),
      ...(form && !multipart ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? (multipart ? form : new URLSearchParams(form)) : undefined,
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

async function logIn() {
  const password = process.env.ADMIN_PASSWORD;
  if (!values.email || !password) fail("login needs --email and ADMIN_PASSWORD");
  const answer = await request("/login", { method: "POST", form: { email: values.email, password, redirectTo: "/" } });
  if (answer.status !== 302) fail(`login as ${values.email}: ${answer.status}, not a redirect`);
  // The Usuarios tab is for admins only.
  return request("/admin/usuarios");
}

async function login() {
  const admin = await logIn();
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
    // As the admin does it: the form's fields and a photo chosen from the computer (stored by the shop).
    const form = new FormData();
    const fields = {
      name: values.name,
      price: values.price,
      description: "Pieza agregada por la prueba del contenedor.",
      material: "Plata .925",
      categoryId: /name="categoryId"[\s\S]*?<option[^>]*value="(\d+)"/.exec(page.html)?.[1] ?? "1",
      stock: "3",
      inStock: "on",
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const photo = await readFile(new URL("../../public/apple-touch-icon.png", import.meta.url));
    form.append("photos", new File([photo], "anillo.png", { type: "image/png" }));
    const answer = await request("/admin/productos/nuevo", { method: "POST", form });
    if (answer.status !== 302 || !/^\/admin\/productos\/\d+$/.test(answer.location ?? "")) {
      const errors = [...answer.html.matchAll(/id="([^"]*-error)"[^>]*>([^<]+)</g)].map((m) => `${m[1]}: ${m[2]}`);
      fail(`adding "${values.name}": ${answer.status} ${answer.location ?? ""} ${errors.join("; ")}`);
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
    // The product's photo is served by the shop: one the admin uploaded (kept in the database, not in
    // the container) or one of the demo catalogue's files.
    const image = /<img[^>]*src="(\/(?:uploads|images)\/products\/[^"]+)"/.exec(product.html)?.[1];
    if (!image) fail(`${link[1]}: no product photo on the page`);
    const photo = await fetch(new URL(image, base));
    if (photo.status !== 200 || !photo.headers.get("content-type")?.startsWith("image/")) {
      fail(`${image}: ${photo.status} ${photo.headers.get("content-type")}`);
    }
    console.log(`✔ "${values.name}" is on the storefront with its photo: ${link[1]}, ${image}`);
  },
  async register() {
    const password = process.env.ADMIN_PASSWORD;
    if (!values.email || !values.name || !password) fail("register needs --email, --name and ADMIN_PASSWORD");
    const form = { name: values.name, email: values.email, password, confirmPassword: password, redirectTo: "/" };
    const answer = await request("/register", { method: "POST", form });
    if (answer.status !== 302) fail(`registering ${values.email}: ${answer.status}, not a redirect`);
    console.log(`✔ ${values.email} registered through the shop's form (a customer)`);
  },
  async "not-admin"() {
    const panel = await logIn();
    if (panel.status === 200) fail(`${values.email} opened /admin/usuarios before being promoted`);
    console.log(`✔ ${values.email} logs in but the admin's panel answers ${panel.status} ${panel.location ?? ""}`);
  },
};

if (!(step in steps)) fail(`unknown step ${step}`);
await steps[step]();

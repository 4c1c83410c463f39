import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { detectPhotoType, PHOTO_MESSAGES } from "~/models/product-photos.server";
import { action as photoAction } from "~/routes/admin.fotos.$id";
import { prisma } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { readFlashes } from "~/utils/flash.server";
import { createCategories, createProduct, resetDatabase } from "../db-utils";
import { staffSession } from "./admin-fixtures";
import { settle } from "./auth-helpers";
import { send } from "./http-client";
import { type ShopServer, startShopServer } from "./http-server";

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "joyeria-uploads-"));
const previousUploads = process.env.UPLOADS_DIR;

beforeAll(() => {
  process.env.UPLOADS_DIR = uploads;
  resetEnvCache();
});

afterAll(() => {
  if (previousUploads === undefined) delete process.env.UPLOADS_DIR;
  else process.env.UPLOADS_DIR = previousUploads;
  resetEnvCache();
  fs.rmSync(uploads, { recursive: true, force: true });
});

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
  fs.rmSync(path.join(uploads, "products"), { recursive: true, force: true });
});

function uploadRequest(productId: number, cookie: string, file: File | null) {
  const body = new FormData();
  if (file) body.set("photo", file);
  return new Request(`http://localhost/admin/fotos/${productId}`, {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: "http://localhost" },
  });
}

async function upload(productId: number, cookie: string, file: File | null) {
  const outcome = await settle(() =>
    photoAction({ request: uploadRequest(productId, cookie, file), params: { id: String(productId) }, context: {} }),
  );
  const setCookie = outcome.headers.get("Set-Cookie");
  const flash = setCookie
    ? (await readFlashes(new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } }))).flash
    : null;
  return { ...outcome, flash };
}

function savedFiles() {
  const dir = path.join(uploads, "products");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 170, b: 90 } } });

describe("product photos", () => {
  it("resize a PNG into the storefront's sizes as WebP and become the product's image", async () => {
    const { cookie } = await staffSession("admin");
    const product = await createProduct();
    const png = await photo(1600, 1200).png().toBuffer();
    const outcome = await upload(product.id, cookie, new File([png], "anillo.png", { type: "image/png" }));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe(`/admin/productos/${product.id}`);
    expect(outcome.flash).toEqual({ kind: "success", message: PHOTO_MESSAGES.saved });

    const { image } = await prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(image).toMatch(/^\/uploads\/products\/[0-9a-f]{20}-1000\.webp$/);
    const files = savedFiles();
    expect(files).toHaveLength(3);
    for (const size of [1000, 800, 160]) {
      const file = files.find((f) => f.endsWith(`-${size}.webp`))!;
      const meta = await sharp(path.join(uploads, "products", file)).metadata();
      expect(meta).toMatchObject({ format: "webp", width: size, height: size });
    }
    expect(await prisma.auditEntry.findFirst()).toMatchObject({ action: "product", after: { image } });
  });

  it("refuse a file that is not a JPEG, PNG or WebP by content, a broken image and a missing file", async () => {
    const { cookie } = await staffSession("admin");
    const product = await createProduct();
    const cases: [File | null, string][] = [
      [
        new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "foto.jpg", { type: "image/jpeg" }),
        PHOTO_MESSAGES.type,
      ],
      [new File([await photo(40, 40).gif().toBuffer()], "foto.png", { type: "image/png" }), PHOTO_MESSAGES.type],
      [new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], "rota.jpg"), PHOTO_MESSAGES.unreadable],
      [null, PHOTO_MESSAGES.missing],
    ];
    for (const [file, message] of cases) {
      const outcome = await upload(product.id, cookie, file);
      expect(outcome.status, message).toBe(302);
      expect(outcome.flash, message).toEqual({ kind: "error", message });
    }
    expect(savedFiles()).toEqual([]);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).image).toBe(product.image);
    expect(await prisma.auditEntry.count()).toBe(0);
  });

  it("refuse more than 5 MB, and anyone but an admin", async () => {
    const admin = await staffSession("admin");
    const product = await createProduct();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect((await upload(product.id, admin.cookie, new File([big], "grande.jpg"))).flash).toEqual({
      kind: "error",
      message: PHOTO_MESSAGES.tooLarge,
    });
    const worker = await staffSession("worker");
    const png = await photo(100, 100).png().toBuffer();
    expect((await upload(product.id, worker.cookie, new File([png], "a.png"))).status).toBe(403);
    expect(savedFiles()).toEqual([]);
  });

  it("recognise the three formats by their first bytes", async () => {
    expect(detectPhotoType(await photo(4, 4).jpeg().toBuffer())).toBe("jpeg");
    expect(detectPhotoType(await photo(4, 4).png().toBuffer())).toBe("png");
    expect(detectPhotoType(await photo(4, 4).webp().toBuffer())).toBe("webp");
    expect(detectPhotoType(new TextEncoder().encode("RIFF0000WAVE"))).toBeNull();
  });
});

describe("over HTTP", () => {
  let shop: ShopServer;
  beforeAll(async () => {
    shop = await startShopServer({ UPLOADS_DIR: uploads });
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it("allow a photo-sized body only on the photo path, and serve uploads with long cache headers", async () => {
    const body = "photo=" + "a".repeat(1024 * 1024);
    // A refused body may be left unread, so these connections are not reused.
    const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url, Connection: "close" };
    const elsewhere = await send(shop.url, { method: "POST", path: "/admin/productos", body, headers });
    expect(elsewhere.status).toBe(413);
    const photoPath = await send(shop.url, { method: "POST", path: "/admin/fotos/1", body, headers });
    // Past the size check: the role guard answers (logged out → /).
    expect(photoPath.status).toBe(302);

    fs.mkdirSync(path.join(uploads, "products"), { recursive: true });
    fs.writeFileSync(path.join(uploads, "products", "prueba-800.webp"), await photo(8, 8).webp().toBuffer());
    const served = await send(shop.url, { path: "/uploads/products/prueba-800.webp" });
    expect(served.status).toBe(200);
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["content-type"]).toBe("image/webp");
  });
});

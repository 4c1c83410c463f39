import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PRODUCT_IMAGE_WIDTHS, variantPath } from "~/lib/images";
import { detectPhotoType, importLegacyUploads, PHOTO_MESSAGES } from "~/models/product-photos.server";
import { action as newAction } from "~/routes/admin.productos.nuevo";
import { loader as uploadsLoader } from "~/routes/uploads.$";
import { prisma } from "~/utils/db.server";
import { createCategories, resetDatabase } from "../db-utils";
import { staffSession } from "./admin-fixtures";
import { errorsOf, getRequest, keptValuesOf, settle } from "./auth-helpers";
import { send } from "./http-client";
import { type ShopServer, startShopServer } from "./http-server";

/**
 * Photos are uploaded with the product form ("Agregar producto" and the edit page, multipart), kept
 * in the database (uploaded_files) as square WebP copies named by their content, and served from
 * /uploads/ by every instance.
 */

beforeEach(async () => {
  await resetDatabase();
  await createCategories();
});

const photo = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 170, b: 90 } } });

const FIELDS = {
  name: "Anillo Aurora",
  price: "2,450",
  originalPrice: "",
  description: "Oro de 14k",
  material: "Oro 14k",
  categoryId: "1",
  stock: "3",
  inStock: "on",
};

async function createWithPhotos(cookie: string, files: File[], fields: Record<string, string> = FIELDS) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  for (const file of files) body.append("photos", file);
  const request = new Request("http://localhost/admin/productos/nuevo", {
    method: "POST",
    body,
    headers: { Cookie: cookie, Origin: "http://localhost" },
  });
  return settle(() => newAction({ request, params: {}, context: {} }));
}

describe("photos in the product form", () => {
  it("store each photo as square WebP copies in the database and make them the new product's photos", async () => {
    const { cookie } = await staffSession("admin");
    const png = await photo(1600, 1200).png().toBuffer();
    const jpeg = await photo(800, 800, 90).jpeg().toBuffer();
    const outcome = await createWithPhotos(cookie, [
      new File([png], "anillo.png", { type: "image/png" }),
      new File([jpeg], "detalle.jpg", { type: "image/jpeg" }),
    ]);
    expect(outcome.status).toBe(302);

    const product = await prisma.product.findFirstOrThrow({
      where: { name: "Anillo Aurora" },
      include: { images: { orderBy: { sortOrder: "asc" } } },
    });
    expect(outcome.headers.get("Location")).toBe(`/admin/productos/${product.id}`);
    expect(product.image).toMatch(/^\/uploads\/products\/[0-9a-f]{24}\.webp$/);
    expect(product.images.map((i) => i.url)).toEqual([product.image, expect.stringMatching(/^\/uploads\//)]);

    for (const url of product.images.map((i) => i.url)) {
      const copies: [string, number][] = [
        [url, 1024],
        ...PRODUCT_IMAGE_WIDTHS.map((w): [string, number] => [variantPath(url, w), w]),
      ];
      for (const [source, width] of copies) {
        const served = await settle(() =>
          uploadsLoader({
            request: getRequest(source),
            params: { "*": source.slice("/uploads/".length) },
            context: {},
          }),
        );
        expect(served.status, source).toBe(200);
        expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
        const stored = await prisma.uploadedFile.findUniqueOrThrow({
          where: { path: source.slice("/uploads/".length) },
        });
        const meta = await sharp(Buffer.from(stored.bytes)).metadata();
        expect(meta, source).toMatchObject({ format: "webp", width, height: width });
      }
    }
    expect(await prisma.uploadedFile.count()).toBe(2 * (1 + PRODUCT_IMAGE_WIDTHS.length));
  });

  it("refuse a file that is not a JPEG, PNG or WebP by content, a broken image and more than 5 MB, next to the field, saving no product", async () => {
    const { cookie } = await staffSession("admin");
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    const cases: [File, string][] = [
      [
        new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "foto.jpg", { type: "image/jpeg" }),
        PHOTO_MESSAGES.type,
      ],
      [new File([await photo(40, 40).gif().toBuffer()], "foto.png", { type: "image/png" }), PHOTO_MESSAGES.type],
      [new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], "rota.jpg"), PHOTO_MESSAGES.unreadable],
      [new File([big], "grande.jpg"), PHOTO_MESSAGES.tooLarge],
    ];
    for (const [file, message] of cases) {
      const outcome = await createWithPhotos(cookie, [file]);
      expect(outcome.status, message).toBe(400);
      expect(errorsOf(outcome).photos, message).toEqual([`${file.name}: ${message}`]);
      expect(keptValuesOf(outcome), message).toMatchObject({ name: "Anillo Aurora", price: "2,450" });
    }
    expect(await prisma.product.count()).toBe(0);
    expect(await prisma.uploadedFile.count()).toBe(0);
    expect(await prisma.auditEntry.count()).toBe(0);
  });

  it("keep a good photo's address in the form when another field is wrong, so it is not uploaded again", async () => {
    const { cookie } = await staffSession("admin");
    const png = await photo(300, 300).png().toBuffer();
    const outcome = await createWithPhotos(cookie, [new File([png], "a.png", { type: "image/png" })], {
      ...FIELDS,
      price: "mil",
    });
    expect(outcome.status).toBe(400);
    // A list even with one address, as the form's photo list reads it.
    expect(keptValuesOf(outcome).images).toEqual([expect.stringMatching(/^\/uploads\/products\/[0-9a-f]{24}\.webp$/)]);
    expect(await prisma.product.count()).toBe(0);
  });

  it("recognise the three formats by their first bytes", async () => {
    expect(detectPhotoType(await photo(4, 4).jpeg().toBuffer())).toBe("jpeg");
    expect(detectPhotoType(await photo(4, 4).png().toBuffer())).toBe("png");
    expect(detectPhotoType(await photo(4, 4).webp().toBuffer())).toBe("webp");
    expect(detectPhotoType(new TextEncoder().encode("RIFF0000WAVE"))).toBeNull();
  });

  it("copy photos left on an instance's disk by older versions into the database, once", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "joyeria-legacy-"));
    try {
      fs.mkdirSync(path.join(dir, "products"));
      fs.writeFileSync(path.join(dir, "products", "abc123-1000.webp"), await photo(8, 8).webp().toBuffer());
      fs.writeFileSync(path.join(dir, "products", "notas.txt"), "no");
      expect(await importLegacyUploads(dir)).toBe(1);
      expect(await importLegacyUploads(dir)).toBe(0);
      expect(await importLegacyUploads(path.join(dir, "nada"))).toBe(0);
      expect(await prisma.uploadedFile.findMany({ select: { path: true } })).toEqual([
        { path: "products/abc123-1000.webp" },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("over HTTP", () => {
  let shop: ShopServer;
  beforeAll(async () => {
    shop = await startShopServer();
  });
  afterAll(async () => {
    await shop?.stop();
  });

  it("allow a photo-sized body only on the product form, and serve uploads with long cache headers", async () => {
    const body = "photos=" + "a".repeat(1024 * 1024);
    // A refused body may be left unread, so these connections are not reused.
    const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: shop.url, Connection: "close" };
    const elsewhere = await send(shop.url, { method: "POST", path: "/admin/pedidos", body, headers });
    expect(elsewhere.status).toBe(413);
    const productForm = await send(shop.url, { method: "POST", path: "/admin/productos/nuevo", body, headers });
    // Past the size check: the role guard answers (logged out → /).
    expect(productForm.status).toBe(302);

    const data = await photo(8, 8).webp().toBuffer();
    await prisma.uploadedFile.create({
      data: {
        path: "products/prueba-640w.webp",
        contentType: "image/webp",
        bytes: new Uint8Array(data),
        size: data.length,
      },
    });
    const served = await send(shop.url, { path: "/uploads/products/prueba-640w.webp" });
    expect(served.status).toBe(200);
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["content-type"]).toBe("image/webp");
    expect((await send(shop.url, { path: "/uploads/products/../secreto.webp" })).status).toBe(404);
  });
});

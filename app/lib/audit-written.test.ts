import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABEL, type AuditAction, auditValue, describeAuditChanges } from "./audit";
import { formatDateTime } from "./dates";

/** Values no shop owner should read in the trail: an ISO instant, or one of the code's own keys. */
const RAW =
  /^\d{4}-\d{2}-\d{2}T|^(webhook|success_page|cancel_page|sweep|checkout|oxxo|spei|card|expired|cancelled|payment_failed|checkout_failed|voucher_expired|emitida|cancelando|cancelada)$/;

/**
 * Every kind of entry the shop writes, with every field its writers put in it (app/models/*.server.ts,
 * `recordAudit`/`recordAudits`); typed by AuditAction so a new kind without a sample fails to compile.
 */
const WRITTEN: Record<AuditAction, { before: unknown; after: unknown }[]> = {
  stock: [{ before: { stock: 3 }, after: { stock: 5 } }],
  variant_stock: [
    { before: { variantId: 1, variant: "Oro · 6", stock: 1 }, after: { variantId: 1, variant: "Oro · 6", stock: 2 } },
  ],
  variant_create: [
    {
      before: null,
      after: {
        variantId: 1,
        variant: "Oro · 6",
        name: "Oro · 6",
        model: "Oro",
        size: "6",
        material: "Oro 14k",
        price: 100_00,
        originalPrice: 120_00,
        stock: 2,
        image: "/x.jpg",
        sortOrder: 1,
      },
    },
  ],
  variant: [
    {
      before: { variantId: 1, variant: "Oro · 6", price: 100_00, image: null },
      after: { variantId: 1, variant: "Oro · 6", price: 90_00, image: "/y.jpg" },
    },
  ],
  variant_archive: [
    {
      before: { variantId: 1, variant: "Oro · 6", archivedAt: null },
      after: { variantId: 1, variant: "Oro · 6", archivedAt: "2026-11-27T18:00:00.000Z" },
    },
  ],
  variant_delete: [{ before: { variantId: 1, variant: "Oro · 6", stock: 0 }, after: null }],
  product: [
    {
      before: {
        name: "A",
        description: "d",
        material: "m",
        categoryId: 1,
        image: "/a.jpg",
        inStock: true,
        isNew: false,
        isFeatured: false,
        price: 1,
        originalPrice: null,
        stock: 1,
        images: ["/a.jpg"],
      },
      after: {
        name: "B",
        description: "e",
        material: "n",
        categoryId: 2,
        image: "/b.jpg",
        inStock: false,
        isNew: true,
        isFeatured: true,
        price: 2,
        originalPrice: 3,
        stock: 2,
        images: ["/b.jpg"],
      },
    },
  ],
  product_create: [
    {
      before: null,
      after: {
        name: "A",
        description: "d",
        material: "m",
        categoryId: 1,
        image: "/a.jpg",
        inStock: true,
        isNew: true,
        isFeatured: true,
        price: 1,
        originalPrice: 2,
        stock: 1,
        images: ["/a.jpg"],
      },
    },
  ],
  product_delete: [{ before: { name: "A" }, after: null }],
  product_archive: [
    { before: { name: "A", archivedAt: null }, after: { name: "A", archivedAt: "2026-11-27T18:00:00.000Z" } },
  ],
  product_restore: [
    { before: { name: "A", archivedAt: "2026-11-27T18:00:00.000Z" }, after: { name: "A", archivedAt: null } },
  ],
  product_import: [
    { before: null, after: { rows: 5, created: 1, updated: 1, unchanged: 3, variantsCreated: 1, variantsChanged: 1 } },
  ],
  status: [
    // The lifecycle, by each of the shop's own writers and by staff (with a shipment).
    ...(["webhook", "success_page", "cancel_page", "sweep", "checkout"] as const).map((via) => ({
      before: { status: "pendiente" },
      after: { status: "procesando", via },
    })),
    ...(["expired", "cancelled", "payment_failed", "checkout_failed", "voucher_expired"] as const).map((reason) => ({
      before: { status: "pendiente" },
      after: { status: "cancelado", via: "sweep", restocked: true, reason },
    })),
    {
      before: { status: "procesando", carrier: null, trackingCode: null },
      after: { status: "enviado", carrier: "estafeta", trackingCode: "MX1" },
    },
    // A voucher or a transfer issued (app/models/async-payment.server.ts).
    ...(["oxxo", "spei"] as const).map((awaiting) => ({
      before: { status: "pendiente" },
      after: { status: "pendiente", via: "webhook", awaiting, holdUntil: "2026-11-28T05:24:22.033Z" },
    })),
    // A payment that arrived after the release (order-lifecycle.server.ts, recordPaymentToRefund).
    { before: { status: "cancelado" }, after: { status: "cancelado", via: "webhook", refundDue: true } },
  ],
  tracking: [{ before: { carrier: null, trackingCode: null }, after: { carrier: "dhl", trackingCode: "123" } }],
  return_request: [
    {
      before: null,
      after: {
        request: "solicitada",
        kind: "cambio",
        reason: "Me quedó chico",
        items: [{ quantity: 1, productName: "Anillo Aurora", variantName: "Talla 6 → Talla 7" }],
      },
    },
    { before: { request: "solicitada" }, after: { request: "aprobada", message: "Envíalo esta semana" } },
    { before: { request: "aprobada" }, after: { request: "recibida", sellable: ["1 de 1"] } },
    { before: { request: "recibida" }, after: { request: "cambio_enviado", carrier: "dhl", trackingCode: "123" } },
    { before: { request: "recibida" }, after: { request: "reembolsada" } },
  ],
  refund: [
    { before: null, after: { refund: "solicitado", amount: 116_000, reason: "Talla equivocada" } },
    {
      before: null,
      after: { refund: "pendiente", method: "card", amount: 117_500, shipping: 1_500, reason: "Talla equivocada" },
    },
    {
      before: null,
      after: {
        refund: "pendiente",
        method: "transfer",
        amount: 116_000,
        shipping: 0,
        reason: "x",
        reference: "MBAN01",
      },
    },
    { before: { refund: "pendiente" }, after: { refund: "reembolsado", amount: 116_000, via: "webhook" } },
    {
      before: { refund: "pendiente" },
      after: { refund: "fallido", amount: 116_000, via: "webhook", failureReason: "La tarjeta fue cancelada" },
    },
  ],
  return: [
    {
      before: { status: "entregado" },
      after: {
        status: "devuelto",
        restocked: true,
        reason: "Talla equivocada",
        items: [
          { orderItemId: 1, productId: 1, variantId: null, productName: "Arete", variantName: null, quantity: 1 },
        ],
      },
    },
  ],
  role: [
    { before: { role: "customer" }, after: { role: "admin" } },
    { before: null, after: { role: "admin" } },
  ],
  password_reset: [{ before: null, after: { sessionsEnded: 2 } }],
  invoice: [
    { before: { invoice: "error" }, after: { invoice: "emitida", uuid: "5FB2822E-396A-4E4B-8F5C-2B4E1C9E7A31" } },
    { before: { invoice: "error" }, after: { invoice: "error", result: "El PAC no respondió." } },
    {
      before: { invoice: "cancelando", uuid: "5FB2822E-396A-4E4B-8F5C-2B4E1C9E7A31", motive: "03" },
      after: { invoice: "cancelada" },
    },
    { before: { creditNote: "error" }, after: { creditNote: "emitida", uuid: "5FB2822E-396A-4E4B-8F5C-2B4E1C9E7A31" } },
    { before: { creditNote: "error" }, after: { creditNote: "error", result: "El PAC no respondió." } },
  ],
  category_sat_key: [
    {
      before: { category: "Anillos", satProductKey: "54101500" },
      after: { category: "Anillos", satProductKey: "54101503" },
    },
  ],
  issuer_settings: [
    {
      before: {
        rfc: "EKU9003173C9",
        razonSocial: "ESCUELA KEMPER URGATE",
        regimenFiscal: "601",
        lugarExpedicion: "42501",
      },
      after: { rfc: "COSC8001137NA", razonSocial: "CARLOS COSIO SOTO", regimenFiscal: "612", lugarExpedicion: "06700" },
    },
    {
      before: null,
      after: { rfc: "COSC8001137NA", razonSocial: "CARLOS COSIO SOTO", regimenFiscal: "612", lugarExpedicion: "06700" },
    },
  ],
  sale_event: [
    { before: null, after: { name: "Buen Fin", percentOff: 20, categoryIds: [1], productIds: [12, 15] } },
    { before: { startsAt: "2026-11-13T06:00:00.000Z" }, after: { endsAt: "2026-11-17T06:00:00.000Z" } },
  ],
  sale_event_archive: [
    { before: { archivedAt: null }, after: { name: "Buen Fin", archivedAt: "2026-11-27T18:00:00Z" } },
  ],
  discount_code: [
    { before: null, after: { cupon: "BUENFIN", descuento: "10 %", condiciones: "Mínimo $1,500.00 · 100 usos" } },
    { before: { cupon: "BUENFIN", archivado: "No" }, after: { cupon: "BUENFIN", archivado: "Sí" } },
    // An edit (discount-code-edit.server.ts): the code as it was and as it is.
    {
      before: { cupon: "BUENFIN", descuento: "10 %", condiciones: "Mínimo $1,500.00 · 100 usos" },
      after: { cupon: "BUENFIN", descuento: "$200.00", condiciones: "Sin condiciones" },
    },
  ],
};

describe("every entry the shop writes", () => {
  it("has a Spanish title, Spanish field labels and readable values (no raw keys, no ISO dates)", () => {
    for (const [action, entries] of Object.entries(WRITTEN) as [AuditAction, (typeof WRITTEN)[AuditAction]][]) {
      expect(AUDIT_ACTION_LABEL[action], action).toMatch(/^[A-ZÁÉÍÓÚÑ][a-záéíóúñ]/);
      for (const entry of entries) {
        const changes = describeAuditChanges(entry, { categories: { 1: "Anillos", 2: "Collares" } });
        expect(changes.length, `${action} ${JSON.stringify(entry)}`).toBeGreaterThan(0);
        for (const change of changes) {
          const where = `${action}.${change.field}`;
          expect(change.label, where).not.toBe(change.field);
          for (const value of [change.before, change.after]) if (value !== null) expect(value, where).not.toMatch(RAW);
        }
      }
    }
  });

  it("reads a voucher's entry as staff should (the issue's 'awaiting spei holdUntil 2026-11-28T05:24:22.033Z')", () => {
    const changes = describeAuditChanges({
      before: { status: "pendiente" },
      after: { status: "pendiente", via: "webhook", awaiting: "spei", holdUntil: "2026-11-28T05:24:22.033Z" },
    });
    expect(changes.map((c) => `${c.label}: ${c.after}`)).toEqual([
      "Origen: Aviso del procesador de pagos",
      "Esperando el pago por: Transferencia bancaria (SPEI)",
      // Mexico City time, as the entry's own date: 11:24 p.m. of the 27th.
      `Piezas apartadas hasta: ${formatDateTime("2026-11-28T05:24:22.033Z")}`,
    ]);
    expect(formatDateTime("2026-11-28T05:24:22.033Z")).toMatch(/^27 nov 2026, 11:24\sp\.\s?m\.$/u);
    expect(auditValue("reason", "voucher_expired")).toBe("La ficha OXXO o la transferencia venció sin pago");
    // A reason staff typed for a return stays as typed.
    expect(auditValue("reason", "Talla equivocada")).toBe("Talla equivocada");
  });
});

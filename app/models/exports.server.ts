import { ORDER_INVOICE_SELECT, type OrderInvoiceFigures, orderInvoiceFigures } from "~/lib/cfdi/invoice-status";
import type { Prisma } from "~/generated/prisma/client";
import { CATALOG_COLUMNS, catalogRows } from "~/lib/catalog-csv";
import { carrierLabel } from "~/lib/carriers";
import { CSV_BOM, type CsvValue, csvLine, pesosCell } from "~/lib/csv";
import { SHOP_TIME_ZONE } from "~/lib/dates";
import { ORDER_STATUS_INFO, type OrderStatusName } from "~/lib/order-status";
import { ivaBreakdown } from "~/lib/iva-charged";
import { prisma } from "~/utils/db.server";
import { photoList } from "./product-editor.server";
import { ACTIVE_VARIANT } from "./product.server";

/**
 * The panel's CSV exports (app/lib/csv.ts says how they open in Excel): the catalogue with its
 * variants, in the format the import reads, and the orders of a date range. Both are streamed, a
 * batch of rows at a time, so a large shop's file never sits whole in memory and the download starts
 * at once.
 */

const BATCH = 200;

/**
 * A stream of CSV text: the BOM and the header, then the lines of each batch `next` returns until it
 * returns none. A download the browser abandons stops the reads.
 */
function csvStream<T extends { id: number }>(
  header: readonly string[],
  next: (afterId: number) => Promise<T[]>,
  lines: (item: T) => CsvValue[][],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${CSV_BOM}${csvLine(header)}`));
        return;
      }
      const batch = await next(afterId);
      if (batch.length === 0) {
        controller.close();
        return;
      }
      afterId = batch.at(-1)!.id;
      controller.enqueue(
        encoder.encode(
          batch
            .flatMap(lines)
            .map((values) => csvLine(values))
            .join(""),
        ),
      );
    },
  });
}

/** The catalogue (archived products left out) in CATALOG_COLUMNS, by product id. */
export function streamCatalogCsv(): ReadableStream<Uint8Array> {
  return csvStream(
    CATALOG_COLUMNS,
    (afterId) =>
      prisma.product.findMany({
        where: { archivedAt: null, id: { gt: afterId } },
        orderBy: { id: "asc" },
        take: BATCH,
        select: {
          id: true,
          name: true,
          material: true,
          description: true,
          inStock: true,
          isNew: true,
          isFeatured: true,
          price: true,
          originalPrice: true,
          stock: true,
          image: true,
          category: { select: { name: true } },
          images: { select: { url: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
          variants: {
            where: ACTIVE_VARIANT,
            orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
            select: {
              id: true,
              model: true,
              size: true,
              material: true,
              price: true,
              originalPrice: true,
              stock: true,
              image: true,
            },
          },
        },
      }),
    (p) =>
      catalogRows({
        ...p,
        category: p.category.name,
        photos: photoList(p),
      }),
  );
}

export const ORDER_COLUMNS = [
  "pedido",
  "fecha",
  "estado",
  "cliente",
  "email",
  "telefono",
  "ciudad",
  "estado_envio",
  "codigo_postal",
  "piezas",
  "productos",
  "subtotal",
  "envio",
  "iva",
  "total",
  "pagado_el",
  "paqueteria",
  "guia",
  "factura",
  "factura_uuid",
  "factura_total",
  "cupon",
  "descuento",
] as const;

export type OrderExportFilter = { from: string | null; to: string | null; status: OrderStatusName | null };

const localTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** "2026-11-21 14:30", Mexico City time: sorts as text and Excel reads it as a date and time. */
function localDateTime(value: Date | null): string | null {
  return value ? localTime.format(value) : null;
}

/** The instant a Mexico City day ("2026-11-21") starts, `days` days later. */
function dayStart(day: string, days = 0): Date {
  // Mexico City keeps UTC−6 all year (no summer time since 2022).
  return new Date(Date.parse(`${day}T06:00:00Z`) + days * 86_400_000);
}

/** The orders made from `from` to `to` (Mexico City days, both included) and of `status`, by number. */
export function streamOrdersCsv(filter: OrderExportFilter): ReadableStream<Uint8Array> {
  const where: Prisma.OrderWhereInput = {
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.from || filter.to
      ? {
          createdAt: {
            ...(filter.from ? { gte: dayStart(filter.from) } : {}),
            ...(filter.to ? { lt: dayStart(filter.to, 1) } : {}),
          },
        }
      : {}),
  };
  return csvStream(
    ORDER_COLUMNS,
    (afterId) =>
      prisma.order.findMany({
        where: { ...where, id: { gt: afterId } },
        orderBy: { id: "asc" },
        take: BATCH,
        select: {
          id: true,
          number: true,
          createdAt: true,
          status: true,
          email: true,
          subtotal: true,
          shipping: true,
          tax: true,
          total: true,
          discountCode: true,
          discountTotal: true,
          paidAt: true,
          carrier: true,
          trackingCode: true,
          user: { select: { name: true } },
          address: { select: { name: true, phone: true, city: true, state: true, postalCode: true } },
          giftWrapPrice: true,
          items: {
            select: { productName: true, variantName: true, quantity: true, price: true },
            orderBy: { id: "asc" },
          },
          ...ORDER_INVOICE_SELECT,
        },
      }),
    (o) => [
      [
        ...orderCells(o),
        localDateTime(o.paidAt),
        carrierLabel(o.carrier),
        o.trackingCode,
        ...invoiceCells(orderInvoiceFigures(o)),
        o.discountCode,
        o.discountTotal === null ? null : pesosCell(o.discountTotal),
      ],
    ],
  );
}

/**
 * An order's row up to its total. Subtotal, envío and IVA before IVA as the order's CFDI has them
 * (`ivaBreakdown`, docs/decisions/061): the pieces' base, the shipping's base and the IVA of everything
 * charged, adding up to the total.
 */
function orderCells(o: {
  number: string;
  createdAt: Date;
  status: OrderStatusName;
  email: string;
  user: { name: string | null };
  address: { name: string; phone: string; city: string; state: string; postalCode: string } | null;
  items: Array<{ productName: string; variantName: string | null; quantity: number; price: number }>;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  giftWrapPrice: number | null;
}) {
  const iva = ivaBreakdown(o);
  return [
    o.number,
    localDateTime(o.createdAt),
    ORDER_STATUS_INFO[o.status].label,
    o.address?.name ?? o.user.name,
    o.email,
    o.address?.phone ?? null,
    o.address?.city ?? null,
    o.address?.state ?? null,
    o.address?.postalCode ?? null,
    o.items.reduce((sum, i) => sum + i.quantity, 0),
    o.items.map((i) => `${i.quantity} × ${i.productName}${i.variantName ? ` (${i.variantName})` : ""}`).join("; "),
    pesosCell(iva.goods.base),
    pesosCell(iva.shipping.base),
    pesosCell(iva.iva),
    pesosCell(o.total),
  ];
}

/** The order's CFDI: its state, UUID and total (issue 34). */
function invoiceCells(figures: OrderInvoiceFigures | null) {
  return [figures?.state ?? null, figures?.uuid ?? null, figures?.total == null ? null : pesosCell(figures.total)];
}

import { describe, expect, it } from "vitest";
import { auditValue, auditVariantName, describeAuditChanges } from "./audit";

describe("describeAuditChanges", () => {
  it("lists an edit's changed fields in Spanish, pesos formatted", () => {
    expect(
      describeAuditChanges({
        before: { name: "Argolla", price: 489_000, stock: 3, trackingCode: null },
        after: { name: "Argolla", price: 479_000, stock: 3, trackingCode: "MX-1" },
      }),
    ).toEqual([
      { field: "price", label: "Precio", before: "$4,890.00", after: "$4,790.00" },
      { field: "trackingCode", label: "Código de rastreo", before: "—", after: "MX-1" },
    ]);
  });

  it("reads statuses, roles, carriers, flags and categories as a shop owner does", () => {
    const changes = describeAuditChanges(
      {
        before: { status: "procesando", role: "customer", carrier: null, inStock: true, categoryId: 1 },
        after: { status: "enviado", role: "worker", carrier: "99minutos", inStock: false, categoryId: 2 },
      },
      { categories: { 1: "Anillos", 2: "Collares" } },
    );
    expect(changes.map((c) => `${c.label}: ${c.before} → ${c.after}`)).toEqual([
      "Categoría: Anillos → Collares",
      "En venta: Sí → No",
      "Estado: Procesando → Enviado",
      "Paquetería: — → 99minutos",
      "Rol: Cliente → Empleado",
    ]);
  });

  it("lists what a creation made without its empty fields, and hides a variant's ids and position", () => {
    const entry = {
      before: null,
      after: {
        variantId: 7,
        variant: "Oro · Talla 6",
        name: "Oro · Talla 6",
        model: "Oro",
        size: "6",
        price: 100_00,
        image: null,
        sortOrder: 3,
      },
    };
    expect(describeAuditChanges(entry).map((c) => [c.label, c.after])).toEqual([
      ["Modelo", "Oro"],
      ["Talla", "6"],
      ["Precio", "$100.00"],
    ]);
    expect(auditVariantName(entry)).toBe("Oro · Talla 6");
  });

  it("says who changed a status on its own, and what a return took back", () => {
    expect(auditValue("via", "webhook")).toBe("Aviso del procesador de pagos");
    expect(auditValue("items", [{ quantity: 2, productName: "Arete", variantName: "Oro" }])).toBe("2 × Arete (Oro)");
  });
});

/** What an audit entry records, and how the panel names it. */

export type AuditAction =
  | "stock"
  | "variant_stock"
  | "product"
  | "product_create"
  | "product_delete"
  | "product_archive"
  | "status"
  | "tracking"
  | "return"
  | "role";

export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  stock: "Existencias",
  variant_stock: "Existencias de variante",
  product: "Producto editado",
  product_create: "Producto creado",
  product_delete: "Producto eliminado",
  product_archive: "Producto archivado",
  status: "Estado del pedido",
  tracking: "Código de seguimiento",
  return: "Devolución",
  role: "Rol de usuario",
};

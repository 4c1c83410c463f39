import { Link } from "~/components/link";
import { AUDIT_ACTION_LABEL, type AuditContext, auditVariantName, describeAuditChanges } from "~/lib/audit";
import { formatDateTime } from "~/lib/dates";
import type { AuditRow } from "~/models/audit.server";

/** An entry as a page receives it (the date may arrive serialized). */
export type AuditEntryData = Omit<AuditRow, "createdAt"> & { createdAt: Date | string };

/** What the entry points at, by name: the order's number, the product's name, the user's e-mail. */
export type AuditSubject = { orderNumber?: string | null; productName?: string | null; userEmail?: string | null };

/**
 * One change of the audit trail as a shop owner reads it: what happened (linked to the product or
 * the order), when and by whom, and each field before → after in Spanish, with pesos and labels.
 */
export function AuditEntry({
  entry,
  subject = {},
  context,
  links = true,
}: {
  entry: AuditEntryData;
  subject?: AuditSubject;
  context?: AuditContext;
  /** Off on the order's own page, where linking to itself says nothing. */
  links?: boolean;
}) {
  const changes = describeAuditChanges(entry, context);
  const variant = auditVariantName(entry);
  const author = entry.actorEmail === "sistema" ? "La tienda (automático)" : entry.actorEmail;
  return (
    <li className="grid gap-1 p-4" data-testid="audit-entry">
      <p className="font-medium text-ink-900">
        {AUDIT_ACTION_LABEL[entry.action] ?? entry.action}
        {entry.productId ? (
          <>
            {" · "}
            {links ? (
              <Link to={`/admin/productos/${entry.productId}`} className="text-gold-700 underline">
                {subject.productName ?? `Producto #${entry.productId}`}
              </Link>
            ) : (
              (subject.productName ?? `Producto #${entry.productId}`)
            )}
          </>
        ) : null}
        {variant ? <span className="text-ink-700"> ({variant})</span> : null}
        {entry.orderId ? (
          <>
            {" · "}
            {links && subject.orderNumber ? (
              <Link to={`/admin/pedidos/${subject.orderNumber}`} className="text-gold-700 underline">
                Pedido {subject.orderNumber}
              </Link>
            ) : (
              `Pedido ${subject.orderNumber ?? `#${entry.orderId}`}`
            )}
          </>
        ) : null}
        {entry.userId ? ` · ${subject.userEmail ?? "usuario eliminado"}` : null}
      </p>
      <p className="text-sm text-ink-700">
        <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time> · {author}
      </p>
      {changes.length > 0 ? (
        <dl className="mt-1 grid gap-x-3 gap-y-0.5 text-sm text-ink-800 sm:grid-cols-[max-content_1fr]">
          {changes.map((change) => (
            <div key={change.field} className="contents" data-testid="audit-change">
              <dt className="text-ink-700">{change.label}</dt>
              <dd className="break-words">
                {change.before !== null && change.after !== null ? (
                  <>
                    {change.before} <span aria-hidden="true">→</span>
                    <span className="sr-only">cambió a</span> {change.after}
                  </>
                ) : (
                  (change.after ?? change.before)
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

import { AUDIT_ACTION_LABEL, auditVariantName, describeAuditChanges } from "~/lib/audit";
import type { ImportChange, ImportIssue, ImportSummary } from "~/models/catalog-import.server";

/** How many changes the preview lists (the summary counts them all). */
const SHOWN_CHANGES = 150;

/** Every problem of a refused file, row by row, in Spanish. */
export function ImportErrors({ errors }: { errors: ImportIssue[] }) {
  return (
    <section
      role="alert"
      aria-labelledby="import-errors-title"
      className="rounded-sm border border-red-800/30 bg-red-50 p-5"
      data-testid="import-errors"
    >
      <h3 id="import-errors-title" className="font-serif text-xl text-red-900">
        El archivo tiene {errors.length} {errors.length === 1 ? "error" : "errores"}: no se cambió nada
      </h3>
      <p className="mt-1 text-sm text-red-900/80">Corrígelos en el archivo y vuelve a subirlo.</p>
      <table className="mt-3 w-full text-left text-sm text-red-950">
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Fila
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Columna
            </th>
            <th scope="col" className="py-1 font-medium">
              Error
            </th>
          </tr>
        </thead>
        <tbody>
          {errors.map((error, i) => (
            <tr key={i} className="border-t border-red-800/10 align-top" data-testid="import-error">
              <td className="py-1 pr-3">{error.line ?? "—"}</td>
              <td className="py-1 pr-3">{error.column ?? "—"}</td>
              <td className="py-1">{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** What an accepted file will change (or changed): the counts, then each change field by field. */
export function ImportChanges({ summary, changes }: { summary: ImportSummary; changes: ImportChange[] }) {
  const counts = [
    ["Filas leídas", summary.rows],
    ["Productos nuevos", summary.created],
    ["Productos que cambian", summary.updated],
    ["Productos sin cambios", summary.unchanged],
    ["Variantes nuevas", summary.variantsCreated],
    ["Variantes que cambian", summary.variantsChanged],
  ] as const;
  return (
    <section aria-labelledby="import-summary-title" className="space-y-4" data-testid="import-preview">
      <h3 id="import-summary-title" className="font-serif text-xl text-ink-900">
        Lo que cambiará
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-sm border border-ink-900/10 bg-white p-3">
            <dt className="text-xs text-ink-700">{label}</dt>
            <dd className="font-serif text-2xl text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      {changes.length === 0 ? (
        <p className="text-sm text-ink-700">El archivo no cambia nada del catálogo.</p>
      ) : (
        <ul className="divide-y divide-ink-900/10 rounded-sm border border-ink-900/10 bg-white text-sm">
          {changes.slice(0, SHOWN_CHANGES).map((change, i) => {
            const variant = auditVariantName(change);
            const fields = describeAuditChanges(change);
            return (
              <li key={i} className="p-3" data-testid="import-change">
                <p className="font-medium text-ink-900">
                  {AUDIT_ACTION_LABEL[change.action]} · {change.productName}
                  {variant ? <span className="text-ink-700"> ({variant})</span> : null}
                </p>
                {change.action === "product" || change.action === "variant" ? (
                  <p className="text-ink-700">
                    {fields.map((f) => `${f.label}: ${f.before ?? "—"} → ${f.after ?? "—"}`).join(" · ")}
                  </p>
                ) : null}
              </li>
            );
          })}
          {changes.length > SHOWN_CHANGES ? (
            <li className="p-3 text-ink-700">Y {changes.length - SHOWN_CHANGES} cambios más.</li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

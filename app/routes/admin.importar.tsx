import { invariantResponse } from "@epic-web/invariant";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ImportChanges, ImportErrors } from "~/components/admin/import-report";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useIsPending } from "~/components/use-is-pending";
import { decodeCsvFile } from "~/lib/csv";
import { ADMIN_BAD_REQUEST } from "~/lib/validation/admin";
import { applyCatalogImport, previewCatalogImport } from "~/models/catalog-import.server";
import { isUpload } from "~/models/product-photos.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import { requireUserWithRole } from "~/utils/session.server";

const CHOOSE_FILE = "Elige el archivo CSV del catálogo";

/**
 * The catalogue import (admins only), in two steps that work without JavaScript: the file is checked
 * and previewed (what will change, or every row's errors) with nothing written; then "Importar"
 * applies it in one transaction. The preview carries the file's text to the second step.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "admin");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithRole(request, "admin");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "preview") {
    const file = form.get("archivo");
    if (!isUpload(file)) return data({ step: "choose" as const, message: CHOOSE_FILE }, { status: 400 });
    const csv = decodeCsvFile(new Uint8Array(await file.arrayBuffer()));
    const report = await previewCatalogImport(csv);
    return data({ step: "preview" as const, report, csv, fileName: file.name }, { status: report.ok ? 200 : 400 });
  }
  invariantResponse(intent === "apply", ADMIN_BAD_REQUEST, { status: 400 });
  const csv = form.get("csv");
  invariantResponse(typeof csv === "string" && csv !== "", ADMIN_BAD_REQUEST, { status: 400 });
  const fileName = String(form.get("fileName") ?? "");
  const report = await applyCatalogImport(user, csv);
  if (!report.ok) return data({ step: "preview" as const, report, csv, fileName }, { status: 400 });
  const { created, updated } = report.summary;
  throw redirect("/admin/productos", {
    headers: {
      "Set-Cookie": await setFlash(request, {
        kind: "success",
        message: `Catálogo importado: ${created} ${created === 1 ? "producto nuevo" : "productos nuevos"}, ${updated} ${updated === 1 ? "actualizado" : "actualizados"}`,
      }),
    },
  });
}

export default function CatalogImport() {
  const answer = useActionData<typeof action>();
  const checking = useIsPending({ state: "submitting" });
  return (
    <div className="space-y-6">
      <h2 className="font-serif text-3xl text-ink-900">Importar catálogo</h2>
      <p className="max-w-3xl text-sm text-ink-700">
        Sube un CSV con el formato de la{" "}
        <Link to="/admin/exportar" className="text-gold-700 underline">
          exportación del catálogo
        </Link>
        : una fila por variante; una fila con <code>producto_id</code> cambia ese producto, una sin él cambia el
        producto de ese nombre o, si no hay ninguno, crea uno nuevo (sus filas comparten el nombre): importar dos veces
        el mismo archivo no duplica nada. Lo que el archivo no menciona no se toca. Primero verás qué cambiará; nada se
        guarda hasta que pulses «Importar», y si alguna fila tiene un error no se guarda nada.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        className="flex flex-wrap items-end gap-3"
        data-testid="import-form"
      >
        <div>
          <label htmlFor="import-file" className="field-label">
            Archivo CSV
          </label>
          <input
            id="import-file"
            name="archivo"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby={answer?.step === "choose" ? "import-file-error" : undefined}
            className="block text-sm file:mr-3 file:rounded-sm file:border file:border-ink-900 file:bg-white file:px-4 file:py-2"
          />
          {answer?.step === "choose" ? (
            <p id="import-file-error" className="field-error">
              {answer.message}
            </p>
          ) : null}
        </div>
        <button type="submit" name="intent" value="preview" className="btn-secondary" disabled={checking}>
          {checking ? "Revisando…" : "Revisar archivo"}
        </button>
      </Form>
      {answer?.step === "preview" ? (
        answer.report.ok ? (
          <>
            <p className="text-sm text-ink-700">
              Archivo: <span className="font-medium text-ink-900">{answer.fileName || "sin nombre"}</span>
            </p>
            <ImportChanges summary={answer.report.summary} changes={answer.report.changes} />
            {answer.report.changes.length > 0 ? (
              <Form method="post" data-testid="import-apply">
                <input type="hidden" name="intent" value="apply" />
                <input type="hidden" name="fileName" value={answer.fileName} />
                <textarea name="csv" defaultValue={answer.csv} hidden readOnly />
                <button type="submit" className="btn-primary" disabled={checking}>
                  {checking ? "Importando…" : "Importar"}
                </button>
              </Form>
            ) : null}
          </>
        ) : (
          <ImportErrors errors={answer.report.errors} />
        )
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Importar catálogo — Panel de Administración" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

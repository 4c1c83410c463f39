import type { RequestFormItem } from "~/models/return-requests.server";
import { ErrorList } from "./form-parts";

/**
 * The fields of *Solicitar devolución o cambio*: what to do (return or size exchange), a quantity per
 * piece (never more than is left to ask for), the new size of a piece sold in sizes, and the reason.
 * Plain inputs: the server's errors (`cantidad-<id>`, `talla-<id>`, `tipo`, `motivo`) are shown next to
 * their field and the values typed come back with them, with or without JavaScript.
 */
export function ReturnRequestFields({
  items,
  errors,
  values,
}: {
  items: RequestFormItem[];
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  const kind = values.tipo ?? "devolucion";
  const err = (name: string) => (errors[name] ? [errors[name]!] : undefined);
  const described = (name: string) => (errors[name] ? `${name}-error` : undefined);
  return (
    <>
      <fieldset aria-describedby={described("tipo")}>
        <legend className="field-label">¿Qué quieres hacer?</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
          <label className="flex items-center gap-2 text-sm text-ink-800">
            <input type="radio" name="tipo" value="devolucion" defaultChecked={kind === "devolucion"} />
            Devolver piezas (te reembolsamos su importe)
          </label>
          <label className="flex items-center gap-2 text-sm text-ink-800">
            <input type="radio" name="tipo" value="cambio" defaultChecked={kind === "cambio"} />
            Cambiar de talla
          </label>
        </div>
        <ErrorList id="tipo-error" errors={err("tipo")} />
      </fieldset>

      <fieldset>
        <legend className="field-label">Piezas</legend>
        <ul className="mt-2 divide-y divide-ink-900/10 rounded-sm border border-ink-900/10 bg-white">
          {items.map((item) => {
            const quantity = `cantidad-${item.id}`;
            const size = `talla-${item.id}`;
            return (
              <li key={item.id} className="flex flex-wrap items-start gap-4 p-4" data-testid="return-piece">
                {item.image ? (
                  <img src={item.image} alt="" width={56} height={56} className="h-14 w-14 bg-ivory-100 object-cover" />
                ) : null}
                <div className="min-w-0 flex-1 basis-48 text-sm">
                  <p className="font-medium text-ink-900">{item.productName}</p>
                  {item.variantName ? <p className="text-ink-700">{item.variantName}</p> : null}
                  <p className="text-ink-700/80">
                    Compraste {item.bought}
                    {item.left < item.bought ? ` · puedes solicitar ${item.left}` : ""}
                  </p>
                </div>
                <div className="flex flex-wrap gap-4">
                  <div className="w-24">
                    <label htmlFor={quantity} className="field-label">
                      Cantidad
                    </label>
                    <input
                      id={quantity}
                      name={quantity}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={item.left}
                      defaultValue={values[quantity] ?? "0"}
                      disabled={item.left === 0}
                      aria-invalid={errors[quantity] ? true : undefined}
                      aria-describedby={described(quantity)}
                      className="field-input"
                    />
                    <ErrorList id={`${quantity}-error`} errors={err(quantity)} />
                  </div>
                  {item.sizes.length > 0 ? (
                    <div className="w-44">
                      <label htmlFor={size} className="field-label">
                        Nueva talla (cambio)
                      </label>
                      <select
                        id={size}
                        name={size}
                        defaultValue={values[size] ?? ""}
                        disabled={item.left === 0}
                        aria-invalid={errors[size] ? true : undefined}
                        aria-describedby={described(size)}
                        className="field-input"
                      >
                        <option value="">Elige una talla</option>
                        {item.sizes.map((option) => (
                          <option key={option.id} value={option.id}>
                            {option.name}
                            {option.soldOut ? " (agotada por ahora)" : ""}
                          </option>
                        ))}
                      </select>
                      <ErrorList id={`${size}-error`} errors={err(size)} />
                    </div>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <div>
        <label htmlFor="motivo" className="field-label">
          Motivo
        </label>
        <textarea
          id="motivo"
          name="motivo"
          rows={3}
          maxLength={500}
          defaultValue={values.motivo ?? ""}
          aria-invalid={errors.motivo ? true : undefined}
          aria-describedby={described("motivo")}
          className="field-input"
          placeholder="Por ejemplo: me quedó chico"
        />
        <ErrorList id="motivo-error" errors={err("motivo")} />
      </div>
    </>
  );
}

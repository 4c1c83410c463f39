import { formatMm, RING_SIZES, ringDiameterMm } from "~/lib/ring-sizes";

/** Sizes drawn as circles on the printable sizer (a ring is laid on them). */
const SIZER_SIZES = [5, 6, 7, 8, 9, 10] as const;

/**
 * The ring size guide: the Mexican sizes with their inner diameter and circumference, how to measure
 * at home (a ring you own, or a strip of paper around the finger) and a sizer to print at 100 %. The
 * same content is the /guia-de-tallas page and, with JavaScript, a dialog next to TALLA. `Heading` is
 * the level of its section titles (under the page's h1, or the dialog's).
 */
export function SizeGuide({ Heading = "h2" }: { Heading?: "h2" | "h3" }) {
  return (
    <div className="space-y-8 text-ink-800">
      <section aria-labelledby="guia-tabla">
        <Heading id="guia-tabla" className="font-serif text-2xl text-ink-900">
          Tallas de anillo en México
        </Heading>
        <p className="mt-2 text-sm leading-relaxed">
          En México las tallas de anillo siguen la escala americana: cada talla suma 0.8 mm al diámetro interior.
        </p>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[20rem] border-collapse text-sm">
            <caption className="sr-only">Talla, diámetro interior y circunferencia interior en milímetros</caption>
            <thead>
              <tr className="border-b border-ink-900/20 text-left text-xs uppercase tracking-[0.15em] text-ink-700">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Talla
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Diámetro interior
                </th>
                <th scope="col" className="py-2 font-medium">
                  Circunferencia
                </th>
              </tr>
            </thead>
            <tbody>
              {RING_SIZES.map((row) => (
                <tr key={row.size} className="border-b border-ink-900/10">
                  <th scope="row" className="py-1.5 pr-4 font-medium text-ink-900">
                    {row.size}
                  </th>
                  <td className="py-1.5 pr-4 tabular-nums">{formatMm(row.diameterMm)}</td>
                  <td className="py-1.5 tabular-nums">{formatMm(row.circumferenceMm)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="guia-medir">
        <Heading id="guia-medir" className="font-serif text-2xl text-ink-900">
          Cómo medir en casa
        </Heading>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm leading-relaxed">
          <li>
            <strong>Con un anillo que te quede bien:</strong> mide con una regla el diámetro interior, de borde a borde
            por dentro, y busca el número en la tabla. O colócalo sobre los círculos del medidor impreso: tu talla es el
            círculo que coincide con el borde interior.
          </li>
          <li>
            <strong>Con una tira de papel:</strong> rodea la base del dedo, marca donde se junta y mide el largo en
            milímetros: es la circunferencia.
          </li>
          <li>
            Mide al final del día, con las manos templadas: los dedos son un poco más delgados por la mañana y con frío.
          </li>
          <li>Si quedas entre dos tallas, o el nudillo es ancho, elige la mayor.</li>
        </ol>
      </section>

      <section aria-labelledby="guia-medidor" className="print:break-before-page">
        <Heading id="guia-medidor" className="font-serif text-2xl text-ink-900">
          Medidor para imprimir
        </Heading>
        <p className="mt-2 text-sm leading-relaxed">
          Imprime esta página al 100 % (sin «ajustar a la página») y comprueba con una regla que la línea mide 50 mm.
        </p>
        <Sizer />
      </section>
    </div>
  );
}

/** Circles at true size (the SVG is measured in millimetres) and a 50 mm line to check the print scale. */
function Sizer() {
  const gap = 6;
  const diameters = SIZER_SIZES.map((size) => ringDiameterMm(size));
  const height = Math.max(...diameters) + 14;
  let x = 2;
  const circles = SIZER_SIZES.map((size, i) => {
    const d = diameters[i]!;
    const cx = x + d / 2;
    x += d + gap;
    return { size, cx, r: d / 2 };
  });
  const width = x + 2;
  return (
    // Wider than a phone: a region the keyboard can reach and scroll.
    <div
      className="mt-4 overflow-x-auto rounded-sm border border-ink-900/10 bg-white p-4"
      role="region"
      aria-label="Medidor de tallas a tamaño real"
      tabIndex={0}
    >
      <svg
        width={`${width}mm`}
        height={`${height + 12}mm`}
        viewBox={`0 0 ${width} ${height + 12}`}
        role="img"
        aria-label="Círculos de las tallas 5 a 10 a tamaño real y una línea de 50 mm"
        className="text-ink-900"
      >
        {circles.map(({ size, cx, r }) => (
          <g key={size}>
            <circle cx={cx} cy={height / 2} r={r} fill="none" stroke="currentColor" strokeWidth={0.25} />
            <text x={cx} y={height / 2 + 1.2} textAnchor="middle" fontSize={3.5} fill="currentColor">
              {size}
            </text>
          </g>
        ))}
        <line x1={2} y1={height + 6} x2={52} y2={height + 6} stroke="currentColor" strokeWidth={0.4} />
        <text x={54} y={height + 7.2} fontSize={3.2} fill="currentColor">
          50 mm
        </text>
      </svg>
    </div>
  );
}

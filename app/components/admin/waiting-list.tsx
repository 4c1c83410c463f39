import { formatDateTime } from "~/lib/dates";

type Waiting = { id: number; email: string; createdAt: string | Date; variant: { name: string } | null };

/** Who waits for "Avísame cuando vuelva" on this product, first asked first (each gets one e-mail). */
export function WaitingList({ waiting }: { waiting: Waiting[] }) {
  return (
    <details className="mt-4 text-sm" data-testid="waiting-list">
      <summary className="cursor-pointer text-ink-800">
        Lista de espera: {waiting.length} {waiting.length === 1 ? "persona" : "personas"}
      </summary>
      {waiting.length === 0 ? (
        <p className="mt-2 text-ink-700">Nadie espera esta pieza.</p>
      ) : (
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-ink-800">
          {waiting.map((w) => (
            <li key={w.id}>
              {w.email}
              {w.variant ? ` — ${w.variant.name}` : ""} · {formatDateTime(w.createdAt)}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

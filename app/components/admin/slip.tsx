import type { ReactNode } from "react";
import { Link } from "~/components/link";
import { Logo } from "~/components/logo";
import { useHydrated } from "~/components/use-hydrated";

/**
 * The layout of the printed sheets staff put in a parcel (the packing slip, the return slip): the
 * shop's logo and address, the sheet's title and order, then its sections. Outside the admin layout,
 * the shop's header and footer are `print:hidden`, so the printed page is the sheet alone.
 */
export function SlipSheet({
  back,
  shop,
  title,
  heading,
  testId,
  children,
}: {
  back: { to: string; label: string };
  shop: { address: string; phone: string; email: string };
  title: string;
  /** Under the title: the order's number and dates. */
  heading: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={back.to} className="text-sm text-gold-700 underline">
          ← {back.label}
        </Link>
        <PrintControl />
      </div>

      <article
        className="rounded-sm border border-ink-900/15 bg-white p-6 text-ink-900 sm:p-10 print:border-0 print:p-0"
        data-testid={testId}
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-ink-900/20 pb-5">
          <div>
            <Logo />
            <p className="mt-3 max-w-xs text-xs leading-relaxed text-ink-700">
              {shop.address}
              <br />
              {shop.phone} · {shop.email}
            </p>
          </div>
          <div className="text-right">
            <h1 className="font-serif text-3xl">{title}</h1>
            {heading}
          </div>
        </header>
        {children}
      </article>
    </div>
  );
}

/** A section's small capitals title on a sheet. */
export function SlipSectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="font-sans text-xs font-medium uppercase tracking-[0.2em] text-ink-700">
      {children}
    </h2>
  );
}

/**
 * "Imprimir" once JavaScript runs (the browser's print dialog); before that, and without JavaScript,
 * a hint to use the browser's own print command: the page prints the same either way.
 */
export function PrintControl() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <p className="text-sm text-ink-700" data-testid="print-hint">
        Para imprimir, usa el menú de tu navegador (Ctrl+P o ⌘P).
      </p>
    );
  }
  return (
    <button type="button" className="btn-primary" onClick={() => window.print()}>
      Imprimir
    </button>
  );
}

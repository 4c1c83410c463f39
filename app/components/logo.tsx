import { SHOP_NAME } from "~/lib/constants";

/** The shop's mark: a faceted gem above the wordmark. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" className="text-gold-500">
        <path d="M9 5h14l6 8-13 15L3 13l6-8Z" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M3 13h26M9 5l4 8 3 15 3-15 4-8M13 13l3-8 3 8" fill="none" stroke="currentColor" strokeWidth="1.1" />
      </svg>
      <span className="flex flex-col leading-none">
        <span className="font-serif text-2xl font-semibold tracking-wide text-ink-900">
          {SHOP_NAME.replace("Joyería ", "")}
        </span>
        <span className="mt-0.5 text-[0.6rem] uppercase tracking-[0.42em] text-gold-700">Joyería</span>
      </span>
    </span>
  );
}

import { SHOP_NAME } from "~/lib/constants";
import { GemIcon } from "./icons";

/** The shop's mark: a faceted gem above the wordmark. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <GemIcon width="30" height="30" className="text-gold-500" />
      <span className="flex flex-col leading-none">
        <span className="font-serif text-2xl font-semibold tracking-wide text-ink-900">
          {SHOP_NAME.replace("Joyería ", "")}
        </span>
        <span className="mt-0.5 text-[0.6rem] uppercase tracking-[0.42em] text-gold-700">Joyería</span>
      </span>
    </span>
  );
}

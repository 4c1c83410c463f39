import { SHOP_NAME } from "~/lib/constants";
import { GemIcon } from "./icons";

/** The shop's mark: a faceted gem beside the wordmark; `tone="dark"` draws it for a dark background. */
export function Logo({ className = "", tone = "light" }: { className?: string; tone?: "light" | "dark" }) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <GemIcon width="30" height="30" className="text-gold-500" />
      <span className="flex flex-col leading-none">
        <span
          className={`font-serif text-2xl font-semibold tracking-wide ${tone === "dark" ? "text-ivory-50" : "text-ink-900"}`}
        >
          {SHOP_NAME.replace("Joyería ", "")}
        </span>
        {/* Read as two words ("Aurora Joyería"): the link's name must contain the text it shows. */}{" "}
        <span
          className={`mt-0.5 text-[0.6rem] uppercase tracking-[0.42em] ${tone === "dark" ? "text-gold-300" : "text-gold-700"}`}
        >
          Joyería
        </span>
      </span>
    </span>
  );
}

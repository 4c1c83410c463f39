import { Link } from "~/components/link";
import type { ComponentType, SVGProps } from "react";
import type { TrustPoint } from "~/lib/shop-policies";
import { CertificateIcon, LockIcon, ReturnIcon, ShieldIcon } from "./icons";

const ICONS: Record<TrustPoint["id"], ComponentType<SVGProps<SVGSVGElement>>> = {
  garantia: ShieldIcon,
  certificado: CertificateIcon,
  devoluciones: ReturnIcon,
  pago: LockIcon,
};

/**
 * The shop's promises next to the buy button — warranty, certificate, returns, secure payment — each
 * a link to the legal page section that states it in full.
 */
export function TrustPoints({ points }: { points: readonly TrustPoint[] }) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-ink-900/10 pt-5" aria-label="Compra con confianza">
      {points.map((point) => {
        const Icon = ICONS[point.id];
        return (
          <li key={point.id}>
            <Link
              to={point.href}
              className="flex min-h-11 items-center gap-2 text-xs text-ink-800 underline-offset-4 hover:text-gold-700 hover:underline"
            >
              <Icon width={18} height={18} className="shrink-0 text-gold-700" aria-hidden="true" />
              {point.text}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

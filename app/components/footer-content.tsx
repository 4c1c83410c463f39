import { Link } from "~/components/link";
import { pricesIvaNote } from "~/lib/checkout";
import { CATEGORY_NAV, CONTACT, SHOP_NAME } from "~/lib/constants";
import { DEFAULT_SHOP_INFO, LEGAL_PAGES, phoneHref, type ShopInfo } from "~/lib/shop-info";
import { WHATSAPP_LABEL, whatsappHref } from "~/lib/whatsapp";
import { categoryHref } from "./header";
import { FacebookIcon, InstagramIcon, TikTokIcon } from "./icons";
import { Logo } from "./logo";
import { useIvaIncluded } from "./price-display";

const SOCIAL_ICONS = { Instagram: InstagramIcon, Facebook: FacebookIcon, TikTok: TikTokIcon } as const;

/** The `<footer>` element's class; its content is FooterBody's. */
export const FOOTER_CLASS = "mt-24 bg-ink-900 text-ivory-100 print:hidden";

/** The footer: brand blurb, quick links, legal pages, contact, opening hours and social links. */
export function FooterContent({ shop = DEFAULT_SHOP_INFO }: { shop?: ShopInfo }) {
  const ivaIncluded = useIvaIncluded();
  return (
    <footer className={FOOTER_CLASS}>
      <FooterBody shop={shop} ivaIncluded={ivaIncluded} year={new Date().getFullYear()} />
    </footer>
  );
}

export type FooterProps = { shop: ShopInfo; ivaIncluded: boolean; year: number };

/**
 * What the footer holds: a pure function of its props (no hooks, no context; the shop's `Link` writes
 * plain anchors on the server), so the server renders it once per value (footer-content.server.tsx).
 */
export function FooterBody({ shop, ivaIncluded, year }: FooterProps) {
  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <Link to="/" className="inline-block rounded-sm">
            <Logo tone="dark" />
            <span className="sr-only"> — Inicio</span>
          </Link>
          <p className="mt-5 text-sm leading-relaxed text-ivory-200/80">
            Joyería fina hecha para acompañarte toda la vida. Oro, plata y piedras seleccionadas a mano, diseñadas en la
            Ciudad de México y enviadas a todo el país.
          </p>
        </div>
        <nav aria-label="Enlaces rápidos">
          <h2 className="font-serif text-lg text-gold-300">Enlaces rápidos</h2>
          <ul className="footer-list">
            {CATEGORY_NAV.map((c) => (
              <li key={c.id}>
                {/* The logo's link discovers the home route these go to. */}
                <Link to={categoryHref(c.id)} className="footer-link" discover="none">
                  {c.id === "all" ? "Toda la colección" : c.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/orders" className="footer-link">
                Mis Pedidos
              </Link>
            </li>
          </ul>
          <h2 className="mt-8 font-serif text-lg text-gold-300">Legal</h2>
          <ul className="footer-list">
            {LEGAL_PAGES.map((page) => (
              <li key={page.href}>
                <Link to={page.href} className="footer-link">
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-serif text-lg text-gold-300">Contacto</h2>
          <address className="mt-4 space-y-2 text-sm not-italic text-ivory-200/80">
            <p>{shop.address}</p>
            <p>
              <a href={phoneHref(shop.phone)} className="footer-link">
                {shop.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${shop.email}`} className="footer-link">
                {shop.email}
              </a>
            </p>
            {shop.whatsapp ? (
              <p>
                <a
                  href={whatsappHref(shop.whatsapp)}
                  className="footer-link"
                  rel="noopener noreferrer"
                  target="_blank"
                  data-testid="footer-whatsapp"
                >
                  {WHATSAPP_LABEL}
                </a>
              </p>
            ) : null}
          </address>
        </div>
        <div>
          <h2 className="font-serif text-lg text-gold-300">Horario</h2>
          <dl className="mt-4 space-y-2 text-sm text-ivory-200/80">
            {CONTACT.hours.map((h) => (
              <div key={h.days} className="flex justify-between gap-4">
                <dt>{h.days}</dt>
                <dd>{h.time}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4">
              <dt>Domingo</dt>
              <dd>Cerrado</dd>
            </div>
          </dl>
          <ul className="mt-6 flex gap-3" aria-label="Redes sociales">
            {CONTACT.social.map((s) => {
              const SocialIcon = SOCIAL_ICONS[s.name];
              return (
                <li key={s.name}>
                  <a
                    href={s.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    aria-label={`${SHOP_NAME} en ${s.name}`}
                    className="footer-social"
                  >
                    <SocialIcon />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <div className="border-t border-ivory-200/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-ivory-200/70 sm:px-6 lg:px-8">
          © {year} {shop.legalName} · {pricesIvaNote(ivaIncluded)}
        </p>
      </div>
    </>
  );
}

import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { LEGAL_PAGES, phoneHref, type ShopInfo } from "~/lib/shop-info";

/** When the legal texts last changed (shown on each page, as the law asks). */
export const LEGAL_UPDATED = "21 de noviembre de 2026";

/** The frame of the legal pages: title, date, table of contents, sections, and the other pages. */
export function LegalPage({
  title,
  intro,
  sections,
  current,
}: {
  title: string;
  intro: ReactNode;
  sections: { id: string; title: string; body: ReactNode }[];
  current: string;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="eyebrow">Información legal</p>
      <h1 className="mt-3 font-serif text-4xl text-ink-900 sm:text-5xl">{title}</h1>
      <p className="mt-3 text-sm text-ink-700">Última actualización: {LEGAL_UPDATED}</p>
      <div className="legal-prose mt-8">{intro}</div>
      <nav aria-label="Contenido" className="mt-8 border-y border-ink-900/10 py-5">
        <ol className="grid gap-1.5 text-sm sm:grid-cols-2">
          {sections.map((section, i) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-gold-700 underline-offset-4 hover:underline">
                {i + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, i) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titulo`} className="mt-10">
          <h2 id={`${section.id}-titulo`} className="font-serif text-2xl text-ink-900">
            {i + 1}. {section.title}
          </h2>
          <div className="legal-prose mt-3">{section.body}</div>
        </section>
      ))}
      <nav aria-label="Otras páginas legales" className="mt-16 border-t border-ink-900/10 pt-6 text-sm">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {LEGAL_PAGES.filter((page) => page.href !== current).map((page) => (
            <li key={page.href}>
              <Link to={page.href} className="text-gold-700 underline-offset-4 hover:underline">
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

/** The shop's identity and contact, as every legal text states it. */
export function ShopIdentity({ shop }: { shop: ShopInfo }) {
  return (
    <span>
      <strong>{shop.legalName}</strong> (“{shop.name}”){shop.rfc ? `, RFC ${shop.rfc}` : ""}, con domicilio en{" "}
      {shop.address}; teléfono <a href={phoneHref(shop.phone)}>{shop.phone}</a>; correo electrónico{" "}
      <a href={`mailto:${shop.email}`}>{shop.email}</a>.
    </span>
  );
}

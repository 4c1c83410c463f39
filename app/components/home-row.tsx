import { productSrcSet } from "~/lib/images";
import type { HomeCard } from "~/models/home-sections.server";
import { Price } from "./price";

/** A titled row of cards (Más vendidos, the season's gifts); nothing when it has no pieces. */
export function HomeRow({
  id,
  title,
  subtitle,
  products,
  moreHref,
}: {
  id: string;
  title: string;
  subtitle?: string;
  products: readonly HomeCard[];
  moreHref: string;
}) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-titulo`} className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 lg:px-8" id={id}>
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id={`${id}-titulo`} className="font-serif text-3xl text-ink-900">
            {title}
          </h2>
          {subtitle ? <p className="mt-1 text-sm text-ink-700">{subtitle}</p> : null}
        </div>
        <a href={moreHref} className="shrink-0 text-sm text-gold-700 underline underline-offset-4">
          Ver todo
        </a>
      </div>
      <ul className="related-strip" aria-label={title}>
        {products.map((p) => (
          <li key={p.id} className="w-44 shrink-0 snap-start sm:w-60">
            <a href={`/producto/${p.id}`} className="group block">
              <img
                src={p.image}
                srcSet={productSrcSet(p.image, [320, 640])}
                sizes="(min-width:640px) 15rem, 11rem"
                alt=""
                width={320}
                height={320}
                loading="lazy"
                className="aspect-square w-full bg-ivory-100 object-cover"
              />
              <h3 className="mt-2 text-sm text-ink-900 group-hover:text-gold-700">{p.name}</h3>
            </a>
            <Price price={p.price} originalPrice={p.originalPrice} showSavings={false} />
            {p.rating ? (
              <p className="text-xs text-ink-700">
                <span aria-hidden="true" className="text-gold-600">
                  ★
                </span>{" "}
                {p.rating.average.toFixed(1)} de 5 ({p.rating.count})
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

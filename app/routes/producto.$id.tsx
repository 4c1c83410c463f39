import { invariantResponse } from "@epic-web/invariant";
import {
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/error-boundary";
import { BackInStockForm } from "~/components/back-in-stock-form";
import { BackLink } from "~/components/back-link";
import { DeliveryEstimate } from "~/components/delivery-estimate";
import { FavoriteToggle } from "~/components/product-favorite";
import { ProductGallery } from "~/components/product-gallery";
import { ProductOptions } from "~/components/product-options";
import { ProductPurchase, StickyBuyBar } from "~/components/product-purchase";
import { ProductReviews, reviewLoginHref } from "~/components/product-reviews";
import { ProductHeading, ProductPriceBlock } from "~/components/product-summary";
import { RecentlyViewed } from "~/components/recently-viewed";
import { lazyHydrated } from "~/components/lazy-hydrated";
import { RelatedStrip as ServerRelatedStrip } from "~/components/related-strip.server";
import { SizeGuideLink } from "~/components/size-guide-link";
import { StockLine } from "~/components/stock-line";
import { TrustPoints } from "~/components/trust-points";
import { ProductWhatsApp } from "~/components/whatsapp-link";
import { SHIPPING_FEE, SHOP_NAME } from "~/lib/constants";
import { currentDeliveryWindow } from "~/lib/delivery";
import { trustPoints } from "~/lib/shop-policies";
import { parseId } from "~/lib/ids";
import { discountPercent } from "~/lib/money";
import { stockLevel } from "~/lib/stock";
import type { CartActionData } from "~/lib/cart-messages";
import { SIZE_ANCHOR } from "~/lib/size-choice";
import {
  chooseVariant,
  displayValues,
  galleryImages,
  materialOf,
  pickedSize,
  sizeMissing,
  soldOutSizes,
} from "~/lib/variants";
import { getProductDetail, getViewerReviewEligibility } from "~/models/product.server";
import { ProductJsonLd } from "~/components/product-json-ld";
import { useIsPending } from "~/components/use-is-pending";
import type { loader as rootLoader } from "~/root";
import { getDeliverySettings, getShopPolicies } from "~/utils/env.server";
import { absoluteUrl, getPublicOrigin } from "~/utils/origin.server";
import { sessionUserFilter } from "~/utils/session.server";
import { PUBLIC_REVALIDATE } from "~/utils/security.server";
import { reviewAction } from "./__review-form.server";

/** "También te puede gustar", below the fold: hydrated once its code has arrived (decision 065). */
const RelatedStrip = lazyHydrated(ServerRelatedStrip, () =>
  import("~/components/related-strip").then((m) => m.RelatedStrip),
);

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  // The product is the same for everybody (cached); whether this viewer may review it is not.
  const product = id ? await getProductDetail(id) : null;
  invariantResponse(product, "Producto no encontrado", { status: 404 });
  const reviewEligibility = await getViewerReviewEligibility(product.id, await sessionUserFilter(request));
  const url = new URL(request.url);
  const selection = { model: url.searchParams.get("modelo"), size: url.searchParams.get("talla") };
  const image = Number(url.searchParams.get("imagen") ?? 0);
  return {
    product: { ...product, reviewEligibility },
    selection,
    image: Number.isInteger(image) && image >= 0 ? image : 0,
    canonical: absoluteUrl(request, `/producto/${product.id}`),
    origin: getPublicOrigin(request),
    // When it would arrive if paid now, and what the shop promises: the same for every visitor today.
    delivery: currentDeliveryWindow(getDeliverySettings()),
    trust: trustPoints(getShopPolicies()),
  };
}

/**
 * The review form posts here (one form, one page: errors re-render next to the fields without
 * JavaScript).
 */
export async function action({ params, request }: ActionFunctionArgs) {
  const id = parseId(params.id);
  invariantResponse(id, "Producto no encontrado", { status: 404 });
  return reviewAction(request, id);
}
/** The category whose pieces have ring sizes (and the size guide). */
const RINGS = "rings";

/** Anonymous visitors may get the page from a cache that revalidates it (ETag); see applyCachePolicy. */
export const headers: HeadersFunction = () => ({ "Cache-Control": PUBLIC_REVALIDATE });

export default function ProductPage() {
  const { product, selection, image, origin, delivery, trust, canonical } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const reviewPending = useIsPending({ formAction: `/producto/${product.id}`, state: "submitting" });
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const loggedIn = Boolean(root?.user);
  const pagePath = `/producto/${product.id}`;
  const choice = chooseVariant(product.variants, selection);
  // A size is chosen, never assumed: until the shopper picks one nothing is selected, the add names no
  // variant and the server answers "Elige tu talla" (shown by the sizes: the fetcher's answer, or the
  // one-shot message of a plain form post).
  const size = pickedSize(choice, selection);
  const missing = sizeMissing(choice, selection);
  const addKey = `add-${product.id}`;
  const added = useFetcher<CartActionData>({ key: addKey }).data;
  const sizeError = !missing
    ? null
    : added && !added.ok && added.code === "size_required"
      ? added.message
      : root?.flash?.field === SIZE_ANCHOR
        ? root.flash.message
        : null;
  const variantId = missing ? null : (choice.variant?.id ?? null);
  const shown = displayValues(product, choice.variant);
  const images = galleryImages(product, choice.variant);
  const material = materialOf(product, choice.variant);
  const percent = discountPercent(shown.price, shown.originalPrice);
  const level = stockLevel(shown.stock);
  const purchaseRef = useRef<HTMLFormElement>(null);
  const choiceLabel = [choice.model, size ? `Talla ${size}` : null].filter(Boolean).join(" · ") || null;

  const query = (extra: Record<string, string | null>) => {
    const q = new URLSearchParams();
    const all = { modelo: choice.model, talla: size, ...extra };
    for (const [k, v] of Object.entries(all)) if (v !== null && v !== undefined) q.set(k, v);
    const s = q.toString();
    return s ? `?${s}` : "?";
  };

  return (
    <article className="mx-auto max-w-7xl px-4 pb-8 pt-6 sm:px-6 lg:px-8">
      <ProductJsonLd product={product} material={material} origin={origin} />
      <div className="flex items-center justify-between">
        <BackLink />
        <FavoriteToggle productId={product.id} name={product.name} />
      </div>

      <div className="mt-6 grid gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="relative">
          <ProductGallery
            images={images}
            name={product.name}
            selected={image}
            hrefFor={(i) => query({ imagen: String(i) })}
          />
          {percent > 0 ? (
            <p className="absolute right-3 top-3 bg-red-800 px-2.5 py-1 text-sm font-medium tracking-wider text-white">
              -{percent}%
            </p>
          ) : null}
        </div>

        <div className="flex flex-col gap-6">
          <ProductHeading product={product} material={material} />
          <ProductPriceBlock price={shown.price} originalPrice={shown.originalPrice} />

          <div id="comprar" className="flex scroll-mt-[5.5rem] flex-col gap-6">
            <ProductOptions
              models={choice.models}
              sizes={choice.sizes}
              model={choice.model}
              size={size}
              sizeError={sizeError}
              soldOutSizes={soldOutSizes(product.variants, choice)}
              hrefFor={({ model, size }) => query({ modelo: model, talla: size, imagen: null })}
              sizeAside={product.category.slug === RINGS && choice.sizes.length > 0 ? <SizeGuideLink /> : null}
            />

            <div className="flex items-center gap-2" data-availability={level} data-testid="product-availability">
              <StockLine stock={shown.stock} />
            </div>
            {shown.stock <= 0 ? (
              <BackInStockForm productId={product.id} variantId={choice.variant?.id ?? null} />
            ) : null}

            <ProductPurchase
              key={variantId ?? "base"}
              productId={product.id}
              variantId={variantId}
              fetcherKey={addKey}
              stock={shown.stock}
              alternatives={product.related}
              formRef={purchaseRef}
            />
            <DeliveryEstimate window={delivery} fee={SHIPPING_FEE} />
            <TrustPoints points={trust} />
            <ProductWhatsApp number={root?.ENV.SHOP.whatsapp ?? null} name={product.name} url={canonical} />
          </div>

          {product.description ? (
            <div className="border-t border-ink-900/10 pt-6">
              <h2 className="font-serif text-2xl text-ink-900">Descripción</h2>
              <p className="mt-3 whitespace-pre-line leading-relaxed text-ink-800">{product.description}</p>
            </div>
          ) : null}
        </div>
      </div>

      {product.related.length > 0 ? <RelatedStrip products={product.related} /> : null}
      <RecentlyViewed productId={product.id} />

      <div className="mt-24 border-t border-ink-900/10 pt-16">
        <ProductReviews
          reviews={product.reviews}
          rating={product.rating}
          form={{
            // The root knows whether the session is still valid; the product query only whether it bought.
            eligibility: loggedIn ? (product.reviewEligibility ?? "not-purchased") : null,
            loginHref: reviewLoginHref(pagePath),
            action: pagePath,
            lastResult,
            busy: reviewPending,
          }}
        />
      </div>
      {shown.stock > 0 ? (
        <StickyBuyBar
          productId={product.id}
          variantId={variantId}
          sizeMissing={missing}
          fetcherKey={addKey}
          price={shown.price}
          originalPrice={shown.originalPrice}
          choice={choiceLabel}
          target={purchaseRef}
        />
      ) : null}
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `Producto no encontrado — ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];
  const { product } = data;
  const title = `${product.name} — ${SHOP_NAME}`;
  const material = materialOf(product, chooseVariant(product.variants, data.selection).variant);
  const description = (product.description || `${product.name} de ${material ?? "joyería fina"}.`).slice(0, 160);
  const image = product.image.startsWith("http") ? product.image : `${data.origin}${product.image}`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "product" },
    { property: "og:image", content: image },
    { property: "product:price:amount", content: (product.price / 100).toFixed(2) },
    { property: "product:price:currency", content: "MXN" },
    { tagName: "link", rel: "canonical", href: data.canonical },
  ];
};

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPanel
            title="Producto no encontrado"
            message="El producto que buscas no existe o ya no está disponible."
          />
        ),
      }}
    />
  );
}

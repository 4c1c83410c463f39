import { useLocation, useSearchParams } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useRef } from "react";
import { cartLinkLabel } from "~/lib/cart-messages";
import { CATEGORY_NAV, type CategoryId } from "~/lib/constants";
import { pageAddressOf } from "~/lib/page-params";
import { hasRole, type RoleName } from "~/lib/roles";
import { openCartDrawer } from "./cart-drawer-trigger";
import { FavoritesLink } from "./favorites-link";
import { useOptimisticCartCount } from "./use-optimistic-cart";
import { BagIcon, ChevronDownIcon, MenuIcon, SearchIcon, UserIcon } from "./icons";
import { Logo } from "./logo";

export type HeaderUser = { displayName: string; role: RoleName } | null;

/** Where each category lives: a shareable URL that works without JavaScript. */
export function categoryHref(id: CategoryId): string {
  return id === "all" ? "/#productos" : `/?categoria=${id}#productos`;
}

/**
 * The header of every screen: logo, category navigation, search, cart with badge, and
 * the user menu or "Iniciar Sesión". Menus are <details> elements, so they open without JavaScript.
 */
export function Header({ user, cartCount: serverCartCount }: { user: HeaderUser; cartCount: number }) {
  const cartCount = useOptimisticCartCount(serverCartCount);
  const location = useLocation();
  const [params] = useSearchParams();
  const active: CategoryId =
    location.pathname === "/"
      ? ((CATEGORY_NAV.find((c) => c.id === params.get("categoria"))?.id ?? "all") as CategoryId)
      : "all";
  const onHome = location.pathname === "/";
  // Without ad-click ids: a cached page is the same for every address it answers (page-params.ts).
  const loginHref = `/login?redirectTo=${encodeURIComponent(pageAddressOf(location.pathname, location.search))}`;
  const headerRef = useRef<HTMLElement>(null);
  useCloseMenus(headerRef, location.key);

  return (
    <header
      ref={headerRef}
      // Solid: a see-through header turns murky over the dark hero and footer and its links lose contrast.
      className="sticky top-0 z-40 border-b border-ink-900/10 bg-ivory-50 print:hidden"
    >
      <div className="mx-auto flex h-[4.5rem] max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <details className="group relative lg:hidden" data-menu="mobile">
          <summary
            className="btn-ghost cursor-pointer list-none [&::-webkit-details-marker]:hidden"
            aria-label="Abrir menú"
          >
            <MenuIcon />
          </summary>
          <nav
            aria-label="Menú móvil"
            className="absolute left-0 top-12 w-64 rounded-sm border border-ink-900/10 bg-white p-3 shadow-xl"
          >
            <ul className="space-y-1">
              {CATEGORY_NAV.map((c) => (
                <li key={c.id}>
                  <Link to={categoryHref(c.id)} className="menu-link" data-category={c.id} discover="none">
                    {c.label}
                  </Link>
                </li>
              ))}
            </ul>
            <div className="mt-3 border-t border-ink-900/10 pt-3">
              <MobileAccount user={user} loginHref={loginHref} />
            </div>
          </nav>
        </details>

        {/* Named by what it shows, then where it goes (an aria-label that left out the visible words
            failed WCAG's "label in name" for people who speak to their browser). */}
        <Link to="/" className="shrink-0" data-category="all">
          <Logo />
          <span className="sr-only"> — Inicio, ver todo el catálogo</span>
        </Link>

        <nav aria-label="Categorías" className="mx-auto hidden lg:block">
          <ul className="flex items-center gap-8">
            {CATEGORY_NAV.map((c) => (
              <li key={c.id}>
                <Link
                  to={categoryHref(c.id)}
                  // The logo's link discovers the home route for every "/?categoria=" link; without
                  // their own, no `data-discover` attribute repeats in every page's HTML.
                  discover="none"
                  data-category={c.id}
                  aria-current={onHome && active === c.id ? "page" : undefined}
                  className="nav-link"
                >
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 lg:ml-0">
          <Link to="/search" className="btn-ghost" aria-label="Buscar productos" data-action="open-search">
            <SearchIcon />
          </Link>
          <FavoritesLink />
          <CartLink count={cartCount} />
          <DesktopAccount user={user} loginHref={loginHref} />
        </div>
      </div>
    </header>
  );
}

/**
 * With JavaScript, the <details> menus close after a navigation, on a click outside them and on
 * Escape (without it they stay simple disclosure widgets).
 */
function useCloseMenus(ref: React.RefObject<HTMLElement>, locationKey: string) {
  useEffect(() => {
    ref.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
  }, [ref, locationKey]);
  useEffect(() => {
    function closeOthers(event: Event) {
      const inside = event.target instanceof Node ? event.target : null;
      ref.current?.querySelectorAll("details[open]").forEach((d) => {
        if (event.type === "keydown" || !inside || !d.contains(inside)) d.removeAttribute("open");
      });
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") closeOthers(event);
    }
    document.addEventListener("click", closeOthers);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", closeOthers);
      document.removeEventListener("keydown", onKey);
    };
  }, [ref]);
}

/*
 * The parts of the header that are the shopper's own (decision 046): pure components of their props,
 * without router hooks, so the server renders them alone (personal-pages.server.ts) into a cached
 * anonymous page exactly as they render inside the whole page, and hydration finds the same markup.
 */

/** The cart button and its badge. */
export function CartLink({ count }: { count: number }) {
  return (
    <Link
      to="/cart"
      className="btn-ghost relative"
      aria-label={cartLinkLabel(count)}
      data-action="open-cart"
      onClick={openCartDrawer}
    >
      <BagIcon />
      {count > 0 ? (
        <span
          data-testid="cart-count"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-600 px-1 text-[0.7rem] font-medium text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}

/** The mobile menu's account part: the shopper's links, or Iniciar Sesión. */
export function MobileAccount({ user, loginHref }: { user: HeaderUser; loginHref: string }) {
  return user ? (
    <UserLinks user={user} />
  ) : (
    <Link to={loginHref} className="menu-link" data-action="open-login">
      Iniciar Sesión
    </Link>
  );
}

/** The wide screen's account part: the user menu, or Iniciar Sesión. */
export function DesktopAccount({ user, loginHref }: { user: HeaderUser; loginHref: string }) {
  return user ? (
    <details className="relative hidden lg:block" data-menu="user">
      <summary className="btn-ghost cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        <UserIcon />
        <span className="max-w-[10rem] truncate">{user.displayName}</span>
        <ChevronDownIcon width={16} height={16} />
      </summary>
      <div className="absolute right-0 top-12 w-56 rounded-sm border border-ink-900/10 bg-white p-2 shadow-xl">
        <UserLinks user={user} />
      </div>
    </details>
  ) : (
    <Link to={loginHref} className="btn-ghost hidden lg:inline-flex" data-action="open-login">
      <UserIcon />
      Iniciar Sesión
    </Link>
  );
}

/**
 * Mis Pedidos, Panel Admin (staff), Cerrar Sesión. Plain links and a plain form (no router hooks, see
 * above): logging out is a whole-page post, with or without JavaScript, which starts the next visit clean.
 */
function UserLinks({ user }: { user: NonNullable<HeaderUser> }) {
  return (
    <ul className="space-y-1 text-sm">
      <li className="px-3 pb-2 pt-1 text-xs text-ink-700/70 lg:hidden">{user.displayName}</li>
      <li>
        <Link to="/orders" className="menu-link">
          Mis Pedidos
        </Link>
      </li>
      {hasRole(user.role, "worker") ? (
        <li>
          <Link to="/admin" className="menu-link">
            Panel Admin
          </Link>
        </li>
      ) : null}
      <li>
        <form method="post" action="/logout">
          <button type="submit" className="block w-full rounded-sm px-3 py-2 text-left hover:bg-ivory-100">
            Cerrar Sesión
          </button>
        </form>
      </li>
    </ul>
  );
}

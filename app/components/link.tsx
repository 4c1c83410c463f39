import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import { forwardRef } from "react";

const onServer = typeof document === "undefined";

/**
 * An absolute path of this site whose `href` Remix would write as it is: no protocol or `//host`,
 * no "." or ".." segment, and no empty "?" or "#" (those Remix drops).
 */
const PLAIN_PATH = /^\/(?!\/)(?!(?:[^?#]*\/)?\.\.?(?:[/?#]|$))[^?#]*(?:\?[^#]+)?(?:#.+)?$/;

/**
 * The shop's `<Link>`: Remix's, with the same props and the same HTML, written directly on the server.
 *
 * Remix's `<Link>` resolves its path against the page's routes on the server (three times: its own
 * `useHref`, React Router's, and React Router's click handler) and sets up prefetching and client
 * navigation, none of which a server-rendered page uses (what that cost: docs/decisions/040). On
 * the server, a link to an absolute path of the site is written as the `<a>` Remix would render
 * (`href` = the path, `data-discover` for route discovery, the other props as they are; `link.test.tsx`
 * compares the two); in the browser, and on the server for anything else (a relative path, an object,
 * a URL of another site, `prefetch="render"`), it is Remix's own component, so hydration finds the same
 * element and navigation works as before.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  if (!onServer || !writesPlainAnchor(props)) return <RemixLink ref={ref} {...props} />;
  // What steers a client-side navigation (and the click handler) never reaches the HTML.
  const {
    to,
    prefetch: _prefetch,
    discover = "render",
    reloadDocument,
    replace: _replace,
    state: _state,
    relative: _relative,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    unstable_viewTransition: _unstableViewTransition,
    onClick: _onClick,
    target,
    ...anchor
  } = props as LinkProps & { viewTransition?: boolean; unstable_viewTransition?: boolean };
  return (
    <a
      {...anchor}
      data-discover={discover === "render" && !reloadDocument ? "true" : undefined}
      href={to as string}
      target={target}
    />
  );
});

/** Whether the server writes this link itself (exported for its test). */
export function writesPlainAnchor(props: LinkProps): boolean {
  return typeof props.to === "string" && PLAIN_PATH.test(props.to) && props.prefetch !== "render";
}

import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";

/**
 * The search overlay, the auth modal, the cart drawer and the checkout modal enhance links that work
 * without JavaScript (/search, /login, /cart, /checkout). Their code — forms, validation, the cart view — is not needed for the
 * first paint, so it downloads on first use: a click on one of those links is held, the dialog's
 * code loads, and the same click is replayed for the dialog, which then handles it as usual.
 * If the code cannot be loaded (offline, a new deployment), the held link is followed as a plain link.
 */
const DIALOGS = {
  "open-search": lazy(() => import("./search-overlay").then((m) => ({ default: m.SearchOverlay }))),
  "open-login": lazy(() => import("./auth-modal").then((m) => ({ default: m.AuthModal }))),
  "open-cart": lazy(() => import("./cart-drawer").then((m) => ({ default: m.CartDrawer }))),
  "open-checkout": lazy(() => import("./checkout-modal").then((m) => ({ default: m.CheckoutModal }))),
} satisfies Record<string, ComponentType<{ loggedIn: boolean }>>;

type Action = keyof typeof DIALOGS;
const ACTIONS = Object.keys(DIALOGS) as Action[];

export function DeferredDialogs({ loggedIn }: { loggedIn: boolean }) {
  const [wanted, setWanted] = useState<Action[]>([]);
  const ready = useRef(new Set<Action>());
  const held = useRef(new Map<Action, HTMLElement>());

  useEffect(() => {
    // Capture phase on the document: before the link's own handler and before Remix navigates.
    function onClick(event: MouseEvent) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const trigger = (event.target as Element | null)?.closest?.<HTMLElement>("[data-action]");
      const action = trigger?.dataset.action as Action | undefined;
      if (!trigger || !action || !ACTIONS.includes(action) || ready.current.has(action)) return;
      if (action === "open-cart" && window.location.pathname === "/cart") return;
      event.preventDefault();
      held.current.set(action, trigger);
      setWanted((w) => (w.includes(action) ? w : [...w, action]));
    }
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  return (
    <>
      {wanted.map((action) => {
        const Dialog = DIALOGS[action];
        return (
          <FollowLinkOnError key={action} link={() => held.current.get(action)}>
            <Suspense fallback={null}>
              <Dialog loggedIn={loggedIn} />
              <Replay
                onReady={() => {
                  ready.current.add(action);
                  const trigger = held.current.get(action);
                  held.current.delete(action);
                  trigger?.click();
                }}
              />
            </Suspense>
          </FollowLinkOnError>
        );
      })}
    </>
  );
}

/** Mounted after its sibling dialog, so the dialog's listeners exist when this effect runs. */
function Replay({ onReady }: { onReady: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    onReady();
  });
  return null;
}

/** A dialog whose code failed to load: go where its link leads, as without JavaScript. */
class FollowLinkOnError extends Component<{ link: () => HTMLElement | undefined; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    const href = this.props.link()?.getAttribute("href");
    if (href) window.location.assign(href);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

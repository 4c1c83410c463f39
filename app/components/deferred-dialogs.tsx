import { Component, type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { loginHrefOf, OPEN_LOGIN_EVENT, openLoginModal } from "./auth-modal-trigger";

/**
 * The search overlay, the auth modal, the cart drawer and the checkout modal enhance links that work
 * without JavaScript (/search, /login, /cart, /checkout). Their code — forms, validation, the cart view — is not needed for the
 * first paint, so it downloads on first use: a click on one of those links is held, the dialog's
 * code loads, and the same click is replayed for the dialog, which then handles it as usual.
 * An add-to-cart answered "Usuario no autenticado" asks for the auth modal with an event
 * (`openLoginModal`) instead of a click; it is held and replayed the same way.
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

/** A request held while its dialog's code loads: how to make it again, and the page it stands for. */
type Held = { replay: () => void; href: string | null };

export function DeferredDialogs({ loggedIn }: { loggedIn: boolean }) {
  const [wanted, setWanted] = useState<Action[]>([]);
  const ready = useRef(new Set<Action>());
  const held = useRef(new Map<Action, Held>());

  useEffect(() => {
    const hold = (action: Action, request: Held) => {
      held.current.set(action, request);
      setWanted((w) => (w.includes(action) ? w : [...w, action]));
    };
    // Capture phase on the document: before the link's own handler and before Remix navigates.
    function onClick(event: MouseEvent) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const trigger = (event.target as Element | null)?.closest?.<HTMLElement>("[data-action]");
      const action = trigger?.dataset.action as Action | undefined;
      if (!trigger || !action || !ACTIONS.includes(action) || ready.current.has(action)) return;
      if (action === "open-cart" && window.location.pathname === "/cart") return;
      event.preventDefault();
      hold(action, { replay: () => trigger.click(), href: trigger.getAttribute("href") });
    }
    function onOpenLogin(event: Event) {
      const href = loginHrefOf(event);
      if (!href || ready.current.has("open-login")) return;
      hold("open-login", { replay: () => openLoginModal(href), href });
    }
    document.addEventListener("click", onClick, true);
    window.addEventListener(OPEN_LOGIN_EVENT, onOpenLogin);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener(OPEN_LOGIN_EVENT, onOpenLogin);
    };
  }, []);

  return (
    <>
      {wanted.map((action) => {
        const Dialog = DIALOGS[action];
        return (
          <FollowLinkOnError key={action} href={() => held.current.get(action)?.href ?? null}>
            <Suspense fallback={null}>
              <Dialog loggedIn={loggedIn} />
              <Replay
                onReady={() => {
                  ready.current.add(action);
                  const request = held.current.get(action);
                  held.current.delete(action);
                  request?.replay();
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
class FollowLinkOnError extends Component<{ href: () => string | null; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    const href = this.props.href();
    if (href) window.location.assign(href);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

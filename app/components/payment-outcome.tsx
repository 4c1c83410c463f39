import { Link } from "~/components/link";

type OutcomeLink = { to: string; label: string; primary?: boolean };

/** The pages the payment provider sends shoppers back to (success, cancel): a title, a message, the way on. */
export function PaymentOutcome({
  testId,
  title,
  message,
  links,
}: {
  testId: string;
  title: string;
  message: string;
  links: readonly OutcomeLink[];
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6" data-testid={testId}>
      <p className="eyebrow">Pago</p>
      <h1 className="mt-3 font-serif text-4xl text-ink-900">{title}</h1>
      <p className="mt-4 text-ink-700">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className={link.primary ? "btn-primary" : "btn-secondary"}>
            {link.label}
          </Link>
        ))}
      </div>
    </section>
  );
}

/** Mis Pedidos, then back to the shop: where a shopper goes after a payment page. */
export const ORDERS_AND_SHOP: readonly OutcomeLink[] = [
  { to: "/orders", label: "Mis Pedidos" },
  { to: "/", label: "Volver a la tienda", primary: true },
];

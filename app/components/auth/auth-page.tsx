import type { ReactNode } from "react";
import { BagIcon } from "../icons";

/** The frame of the account pages: the brand on one side, the form on the other (desktop). */
export function AuthPage({
  eyebrow,
  title,
  subtitle,
  prompt = null,
  children,
}: {
  eyebrow: string;
  title: string;
  subtitle?: string;
  /** Why the shopper is here (the interrupted add), shown above the form. */
  prompt?: string | null;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto grid max-w-5xl gap-0 px-4 py-10 sm:py-16 lg:grid-cols-[1fr_1.1fr] lg:px-8">
      <div className="relative hidden overflow-hidden rounded-l-sm bg-ink-900 p-12 text-ivory-50 lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full border border-gold-500/30"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-32 -left-16 h-80 w-80 rounded-full border border-gold-500/20"
        />
        <p className="eyebrow text-gold-300">Joyería Aurora</p>
        <div>
          <p className="font-serif text-4xl leading-tight">Piezas hechas para brillar contigo, todos los días.</p>
          <div className="mt-6 h-px w-16 bg-gold-500" />
          <p className="mt-6 text-sm leading-relaxed text-ivory-200/80">
            Guarda tu carrito, sigue tus pedidos y recibe tus joyas en cualquier parte de México.
          </p>
        </div>
      </div>
      <div className="rounded-sm border border-ink-900/10 bg-white px-6 py-10 shadow-[0_20px_60px_-30px_rgba(28,25,22,0.35)] sm:px-10 lg:rounded-l-none lg:px-12">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-3 font-serif text-4xl text-ink-900">{title}</h1>
        {subtitle && !prompt ? <p className="mt-2 text-sm text-ink-700">{subtitle}</p> : null}
        {prompt ? <AddPrompt text={prompt} /> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

/** "Inicia sesión para agregar … a tu carrito.": the interrupted add, said where the form starts. */
export function AddPrompt({ text }: { text: string }) {
  return (
    <p
      className="mt-4 flex items-start gap-3 rounded-sm border border-gold-400/50 bg-ivory-100 px-4 py-3 text-sm text-ink-900"
      data-testid="add-prompt"
    >
      <BagIcon width={20} height={20} className="mt-px shrink-0 text-gold-700" />
      {text}
    </p>
  );
}

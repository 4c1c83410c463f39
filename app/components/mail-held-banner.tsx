import { Link } from "~/components/link";

/**
 * The panel's warning to admins that the shop sends no e-mail (SMTP_URL unset on a shop that runs for
 * real; app/utils/mail-delivery.server.ts). Plain markup: it shows without JavaScript.
 */
export function MailHeldBanner() {
  return (
    <div
      data-testid="mail-held-banner"
      className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <p className="font-semibold">Los correos no se envían: falta configurar SMTP_URL.</p>
      <p className="mt-1">
        Las confirmaciones de pedido, los enlaces para restablecer contraseña y los de inicio de sesión se quedan en la{" "}
        <Link to="/admin/outbox" className="underline">
          bandeja de Correos
        </Link>{" "}
        y ningún cliente los recibe. Configura SMTP_URL (por ejemplo smtp://usuario:contraseña@servidor:587) y reinicia
        la tienda.
      </p>
    </div>
  );
}

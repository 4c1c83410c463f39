import { parseWithZod } from "@conform-to/zod";
import { invariantResponse } from "@epic-web/invariant";
import { parseId } from "~/lib/ids";
import { ORDER_STATUS_INFO } from "~/lib/order-status";
import { firstMessage, OrderActionSchema } from "~/lib/validation/admin";
import { type AdminResult, answerRowForm } from "~/utils/admin.server";
import { setOrderStatus, setShipment, shipOrder, type StatusChange } from "~/models/admin-orders.server";
import { readForm } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";

/**
 * The actions on an order, shared by the Pedidos tab and the order page (`/admin/pedidos/:number`):
 * a change of status the lifecycle allows, shipping with carrier and guide number, and correcting them.
 * Row forms: a fetcher gets `{ ok, message }`, a plain post comes back to its page with a flash.
 */
export async function orderAction(request: Request, user: SessionUser) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: OrderActionSchema });
  if (submission.status !== "success") {
    const message = firstMessage(submission.reply().error);
    // What staff typed or chose (the guide number, the carrier) is answered next to the form; anything
    // else the panel never sends (an unknown intent, a forged order id) is a malformed request.
    const intent = form.get("intent");
    const typed = (intent === "ship" || intent === "tracking") && parseId(form.get("orderId")) !== null;
    invariantResponse(typed, message, { status: 400 });
    return answerRowForm(request, form, { ok: false, message });
  }
  const command = submission.value;
  switch (command.intent) {
    case "status": {
      const label = ORDER_STATUS_INFO[command.status].label.toLowerCase();
      const outcome = await setOrderStatus(user, command.orderId, command.status);
      return answer(request, form, outcome, {
        ok: `Estado cambiado a ${ORDER_STATUS_INFO[command.status].label}`,
        unchanged: `El pedido ya estaba ${label}`,
        refused: `Este pedido no puede pasar a ${label}`,
      });
    }
    case "ship": {
      const { orderId, carrier, trackingCode } = command;
      const outcome = await shipOrder(user, orderId, { carrier, trackingCode });
      return answer(request, form, outcome, {
        ok: "Pedido enviado: le escribimos al cliente con el enlace de rastreo",
        unchanged: "El pedido ya estaba enviado",
        refused: "Este pedido no puede enviarse: solo un pedido pagado y en preparación",
      });
    }
    case "tracking": {
      const { orderId, carrier, trackingCode } = command;
      const ok = await setShipment(user, orderId, { carrier, trackingCode });
      return answerRowForm(
        request,
        form,
        ok ? { ok, message: "Datos de envío guardados" } : { ok, message: ORDER_GONE },
        { status: ok ? 200 : 404 },
      );
    }
  }
}

const ORDER_GONE = "El pedido ya no existe";

function answer(
  request: Request,
  form: FormData,
  outcome: StatusChange,
  messages: { ok: string; unchanged: string; refused: string },
) {
  const answers: Record<StatusChange, { result: AdminResult; status: number }> = {
    ok: { result: { ok: true, message: messages.ok }, status: 200 },
    unchanged: { result: { ok: true, message: messages.unchanged }, status: 200 },
    not_found: { result: { ok: false, message: ORDER_GONE }, status: 404 },
    not_allowed: { result: { ok: false, message: messages.refused }, status: 409 },
    needs_shipment: {
      result: { ok: false, message: "Para enviar el pedido, registra la paquetería y el número de guía" },
      status: 409,
    },
  };
  return answerRowForm(request, form, answers[outcome].result, { status: answers[outcome].status });
}

import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { formatShopTimeInput } from "~/lib/shop-time";
import { SALE_EVENT_MESSAGES, SaleEventSchema } from "~/lib/validation/sale-event";
import { getCategories } from "~/models/admin-products.server";
import { getSaleEvent, saveSaleEvent } from "~/models/sale-event-admin.server";
import { setFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/request.server";
import type { SessionUser } from "~/utils/session.server";
import type { SaleEventFormValues } from "~/components/admin/sale-event-form";

/**
 * The sale event form's action, shared by "Nuevo evento" and the edit page (admins only, like prices:
 * docs/decisions/057). Errors come back as data with everything typed; a save redirects to the list.
 */
export async function saleEventAction(request: Request, user: SessionUser, eventId: number | null) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: SaleEventSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await saveSaleEvent(user, eventId, submission.value);
  if (!outcome.ok) {
    if (outcome.field === "form") throw new Response(SALE_EVENT_MESSAGES.notFound, { status: 404 });
    return data(submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }), { status: 400 });
  }
  throw redirect("/admin/promociones", {
    headers: { "Set-Cookie": await setFlash(request, { kind: "success", message: SALE_EVENT_MESSAGES.saved }) },
  });
}

/** The form's categories and, for an edit, the event's values as the form shows them (null: no such event). */
export async function saleEventFormData(eventId: number | null) {
  const categories = await getCategories();
  if (eventId === null) {
    const values: SaleEventFormValues = {
      name: "",
      percentOff: "",
      startsAt: "",
      endsAt: "",
      categoryIds: [],
      productIds: "",
    };
    return { categories, values, archived: false };
  }
  const event = await getSaleEvent(eventId);
  if (!event) return null;
  const values: SaleEventFormValues = {
    name: event.name,
    percentOff: String(event.percentOff),
    startsAt: formatShopTimeInput(event.startsAt),
    endsAt: formatShopTimeInput(event.endsAt),
    categoryIds: event.categoryIds.map(String),
    productIds: event.productIds.join(", "),
  };
  return { categories, values, archived: event.archivedAt !== null };
}

import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { GIFT_WRAP_LABEL } from "~/lib/checkout";
import { ErrorList, TextAreaField } from "../forms";
import { priceOrFree } from "~/lib/money";

/**
 * "¿Es un regalo?": gift packaging (a priced line of the order, at the shop's price) and a message
 * for the card in the parcel. Both optional; the server prices the packaging.
 */
export function GiftOptions({
  giftWrap,
  giftMessage,
  price,
  focus,
}: {
  giftWrap: FieldMetadata<string | undefined>;
  giftMessage: FieldMetadata<string | undefined>;
  /** The packaging's price as the shopper sees it. */
  price: number;
  focus: string | undefined;
}) {
  return (
    <fieldset className="space-y-4 rounded-sm border border-ink-900/10 bg-white p-5" data-testid="gift-options">
      <legend className="px-1 font-serif text-xl text-ink-900">¿Es un regalo?</legend>
      <div>
        <label className="flex cursor-pointer items-start gap-3 text-sm text-ink-800">
          <input
            {...getInputProps(giftWrap, { type: "checkbox", value: "on" })}
            className="mt-0.5 h-5 w-5 shrink-0 accent-gold-700"
          />
          <span>
            <span className="font-medium text-ink-900">{GIFT_WRAP_LABEL}</span> ({priceOrFree(price)})
            <span className="block text-xs text-ink-700">Envolvemos tu pieza para regalo.</span>
          </span>
        </label>
        <ErrorList id={giftWrap.errorId} errors={giftWrap.errors} />
      </div>
      <TextAreaField
        meta={giftMessage}
        label="Mensaje para la tarjeta (opcional)"
        hint="Lo imprimimos en una tarjeta dentro del paquete. Hasta 250 caracteres."
        autoFocus={focus === giftMessage.name}
      />
    </fieldset>
  );
}

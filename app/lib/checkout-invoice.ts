/**
 * *¿Requieres factura?* in checkout's step 2 (docs/decisions/050): the fields post as `factura_<field>`
 * beside the shipping values, and `factura` says which data: "" none, `perfil:<id>`, or `nuevo`.
 */
export const CHECKOUT_INVOICE_FIELDS = ["rfc", "name", "regimen", "uso", "zip", "email"] as const;

/** What the action answers about the invoice part of step 2: the choice, the values and the errors by field. */
export type CheckoutInvoiceAnswer = {
  choice: string;
  values: Record<string, string>;
  /** Keyed by field (rfc, name…), or `choice` when the chosen profile is not the shopper's. */
  errors: Record<string, string[]>;
};

// @ts-check
import { totalOf } from "./checkout-sessions.mjs";

/** @typedef {import("./checkout-sessions.mjs").SessionRecord} SessionRecord */
/** @typedef {{ card_number: string, expiry: string, cvc: string }} CardForm */
/** @typedef {Partial<Record<keyof CardForm, string>>} CardErrors */

// Stripe's test cards that the shop's tests and people trying the shop use.
// 4000 0000 0000 5126 pays, and its refunds fail (./refunds.mjs).
const APPROVED = new Set(["4242424242424242", "5555555555554444", "4000000000005126"]);
// Stripe's debit and prepaid test cards: approved, and the charge reports `card.funding` as such
// (the shop invoices a debit card as FormaPago 28); every other approved card is credit.
const FUNDING = new Map([
  ["4000056655665556", "debit"],
  ["5200828282828210", "debit"],
  ["5105105105105100", "prepaid"],
]);
// Stripe's Mexican test card whose bank offers meses sin intereses.
const INSTALLMENT_CARDS = new Set(["4000004840000008"]);
const DECLINED = new Map([
  ["4000000000000002", "Tu tarjeta fue rechazada."],
  ["4000000000009995", "Tu tarjeta no tiene fondos suficientes."],
]);

const money = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN" });

/** @param {number} centavos */
export function formatMxn(centavos) {
  return money.format(centavos / 100);
}

/** @param {string} text */
export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** @param {string} digits */
function passesLuhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What the card form's values lead to. Numbers that are neither an approved nor a declining test
 * card are declined, as Stripe's test mode declines real cards.
 * @param {CardForm} form
 * @param {Date} now
 * @returns {{ outcome: "invalid", errors: CardErrors } | { outcome: "declined", message: string } | { outcome: "approved", installments: boolean, funding: string }}
 */
export function judgeCard(form, now) {
  /** @type {CardErrors} */
  const errors = {};
  const number = form.card_number.replace(/\s+/g, "");
  if (number === "") errors.card_number = "Ingresa el número de tarjeta.";
  else if (!/^\d{16}$/.test(number)) errors.card_number = "El número de tarjeta debe tener 16 dígitos.";
  else if (!passesLuhn(number)) errors.card_number = "El número de tarjeta no es válido.";

  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry.trim());
  if (form.expiry.trim() === "") errors.expiry = "Ingresa la fecha de vencimiento.";
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors.expiry = "Usa el formato MM/AA.";
  else {
    // A card is valid through the last day of its expiry month.
    const firstDayAfter = new Date(Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1));
    if (firstDayAfter <= now) errors.expiry = "La tarjeta está vencida.";
  }

  if (form.cvc.trim() === "") errors.cvc = "Ingresa el CVC.";
  else if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = "El CVC debe tener 3 o 4 dígitos.";

  if (Object.keys(errors).length > 0) return { outcome: "invalid", errors };
  if (APPROVED.has(number) || FUNDING.has(number)) {
    return { outcome: "approved", installments: false, funding: FUNDING.get(number) ?? "credit" };
  }
  if (INSTALLMENT_CARDS.has(number)) return { outcome: "approved", installments: true, funding: "credit" };
  return { outcome: "declined", message: DECLINED.get(number) ?? "Tu tarjeta fue rechazada." };
}

/** The form value for paying in one charge when plans are offered. */
const SINGLE_PAYMENT = "1";

/**
 * The shopper's answer to the plans offered: a plan, one charge, not asked yet, or a value that is
 * not one of the choices.
 * @param {string | null} value the form's `installment_plan`
 * @param {number[]} plans the months offered (none: nothing to choose)
 * @returns {{ outcome: "chosen", months: number | null } | { outcome: "ask", message?: undefined } | { outcome: "invalid", message: string }}
 */
export function judgeInstallmentChoice(value, plans) {
  if (plans.length === 0) return { outcome: "chosen", months: null };
  if (value === null) return { outcome: "ask" };
  if (value === SINGLE_PAYMENT) return { outcome: "chosen", months: null };
  const months = plans.find((m) => String(m) === value);
  if (months === undefined) return { outcome: "invalid", message: "Elige una de las opciones de pago." };
  return { outcome: "chosen", months };
}

/**
 * The plans as radio buttons: one charge (chosen by default) or each plan with its monthly amount.
 * @param {SessionRecord} session
 * @param {number[]} plans
 * @param {string | undefined} error
 */
function planChoice(session, plans, error) {
  const total = totalOf(session.lineItems);
  const option = (/** @type {string} */ value, /** @type {string} */ text, checked = false) =>
    `<label class="plan"><input type="radio" name="installment_plan" value="${value}"${checked ? " checked" : ""}> ${escapeHtml(text)}</label>`;
  const options = [
    option(SINGLE_PAYMENT, `Un solo pago de ${formatMxn(total)}`, true),
    ...plans.map((months) =>
      option(String(months), `${months} meses sin intereses de ${formatMxn(Math.ceil(total / months))}`),
    ),
  ];
  return `<fieldset class="plans"${error ? ' aria-describedby="installment_plan-error"' : ""}>
<legend>Tu tarjeta permite pagar a meses sin intereses</legend>
${error ? `<p class="field-error" id="installment_plan-error">${escapeHtml(error)}</p>` : ""}
${options.join("\n")}
</fieldset>`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f5;color:#18181b;line-height:1.5}
.banner{background:#27272a;color:#fafafa;text-align:center;font-size:.875rem;padding:.5rem 1rem}
main{max-width:30rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e4e4e7;border-radius:.75rem;padding:1.5rem;margin-bottom:1rem}
h1,h2{font-size:1.125rem;margin:0 0 1rem}
ul{list-style:none;margin:0;padding:0}
li{display:flex;gap:.75rem;align-items:center;padding:.5rem 0;border-bottom:1px solid #f4f4f5}
li img{width:3rem;height:3rem;object-fit:cover;border-radius:.375rem;background:#f4f4f5}
.item{flex:1}.qty{display:block;color:#52525b;font-size:.875rem}
.total{display:flex;justify-content:space-between;font-size:1.125rem;margin:1rem 0 0}
label{display:block;font-weight:600;font-size:.875rem;margin:1rem 0 .25rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #a1a1aa;border-radius:.5rem}
input:focus{outline:2px solid #2563eb;outline-offset:1px}
input[aria-invalid=true]{border-color:#b91c1c}
.row{display:flex;gap:1rem}.row>div{flex:1}
.field-error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0}
.alert{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;border-radius:.5rem;padding:.75rem;margin:0 0 1rem}
button{width:100%;margin-top:1.5rem;font:inherit;font-weight:600;padding:.75rem;border:0;border-radius:.5rem;background:#18181b;color:#fff;cursor:pointer}
button:hover{background:#3f3f46}
.cancel{display:block;text-align:center;margin-top:1rem;color:#3f3f46}
.hint{color:#52525b;font-size:.8125rem;margin-top:1.25rem}
.plans{border:1px solid #e4e4e7;border-radius:.5rem;margin:1.25rem 0 0;padding:.75rem 1rem}
.plans legend{font-weight:600;font-size:.875rem;padding:0 .25rem}
.plan{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.5rem 0}
.plan input{width:auto}
.secondary{background:#fff;color:#18181b;border:1px solid #a1a1aa;margin-top:.75rem}
.secondary:hover{background:#f4f4f5}
dl{margin:0}dl div{display:flex;justify-content:space-between;gap:1rem;padding:.375rem 0;border-bottom:1px solid #f4f4f5}
dt{color:#52525b}dd{margin:0;font-weight:600;text-align:right;word-break:break-all}
.barcode{display:flex;height:4rem;margin:1rem 0 .25rem;background:#fff}
.barcode span{background:#18181b;height:100%}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;letter-spacing:.05em}
`;

/**
 * @param {string} title
 * @param {string} body
 */
export function layout(title, body) {
  return `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Simulador de pagos</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note">Simulador de pagos · modo de prueba: no se hace ningún cargo real.</div>
<main>
${body}
</main>
</body>
</html>
`;
}

/** @param {SessionRecord} session */
function summary(session) {
  const items = session.lineItems
    .map((item) => {
      const image = item.images[0] ? `<img src="${escapeHtml(item.images[0])}" alt="">` : "";
      return `<li>${image}<span class="item">${escapeHtml(item.name)}<span class="qty">Cantidad: ${item.quantity} × ${formatMxn(item.unitAmount)}</span></span><span>${formatMxn(item.unitAmount * item.quantity)}</span></li>`;
    })
    .join("\n");
  const email = session.customerEmail ? `<p class="qty">Correo: ${escapeHtml(session.customerEmail)}</p>` : "";
  return `<section class="card" aria-labelledby="resumen">
<h1 id="resumen">Resumen del pedido</h1>
${email}
<ul>
${items}
</ul>
<p class="total"><span>Total</span><strong>${formatMxn(totalOf(session.lineItems))} MXN</strong></p>
</section>`;
}

/**
 * @param {keyof CardForm} name
 * @param {{ label: string, autocomplete: string, placeholder: string, maxlength: number }} field
 * @param {CardForm} values
 * @param {CardErrors} errors
 * @param {boolean} focus
 */
function input(name, field, values, errors, focus) {
  const error = errors[name];
  const describedBy = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : "";
  return `<label for="${name}">${field.label}</label>
<input id="${name}" name="${name}" inputmode="numeric" autocomplete="${field.autocomplete}" placeholder="${field.placeholder}" maxlength="${field.maxlength}" value="${escapeHtml(values[name])}"${describedBy}${focus ? " autofocus" : ""}>
${error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ""}`;
}

/**
 * The hosted payment page: order summary and a card form that posts back to itself.
 * @param {SessionRecord} session
 * @param {{ values?: CardForm, errors?: CardErrors, alert?: string, plans?: number[], planError?: string }} [state]
 */
export function paymentPage(session, state = {}) {
  const values = state.values ?? { card_number: "", expiry: "", cvc: "" };
  const errors = state.errors ?? {};
  const firstInvalid = /** @type {(keyof CardForm)[]} */ (["card_number", "expiry", "cvc"]).find(
    (name) => errors[name],
  );
  const alert = state.alert ? `<p class="alert" role="alert">${escapeHtml(state.alert)}</p>` : "";
  const cancel = session.cancelUrl ? `<a class="cancel" href="${escapeHtml(session.cancelUrl)}">Cancelar</a>` : "";
  const form = `<section class="card" aria-labelledby="pago">
<h2 id="pago">Pago con tarjeta</h2>
${alert}
<form method="post" action="/pay/${escapeHtml(session.id)}" novalidate>
${input("card_number", { label: "Número de tarjeta", autocomplete: "cc-number", placeholder: "1234 1234 1234 1234", maxlength: 23 }, values, errors, firstInvalid === "card_number")}
<div class="row">
<div>${input("expiry", { label: "Vencimiento (MM/AA)", autocomplete: "cc-exp", placeholder: "MM/AA", maxlength: 7 }, values, errors, firstInvalid === "expiry")}</div>
<div>${input("cvc", { label: "CVC", autocomplete: "cc-csc", placeholder: "123", maxlength: 4 }, values, errors, firstInvalid === "cvc")}</div>
</div>
${state.plans?.length ? planChoice(session, state.plans, state.planError) : ""}
<button type="submit">Pagar</button>
</form>
${cancel}
<p class="hint">Tarjetas de prueba: 4242 4242 4242 4242 se aprueba (crédito; 4000 0566 5566 5556 es de débito) y 4000 0000 0000 0002 se rechaza; 4000 0048 4000 0008 (México) ofrece meses sin intereses cuando la tienda los activa; cualquier fecha futura y cualquier CVC de 3 dígitos.</p>
</section>`;
  const card = session.paymentMethodTypes.includes("card") ? form : "";
  return layout(
    `Pagar ${formatMxn(totalOf(session.lineItems))}`,
    `${summary(session)}\n${asyncChoices(session)}\n${card}`,
  );
}

/**
 * The session's other ways to pay: an OXXO voucher and a SPEI transfer, each a form that issues its
 * instructions (POST `/pay/:id/oxxo`, `/pay/:id/spei`) and returns to the shop.
 * @param {SessionRecord} session
 */
function asyncChoices(session) {
  const id = escapeHtml(session.id);
  const choices = [];
  if (session.paymentMethodTypes.includes("oxxo")) {
    choices.push(`<form method="post" action="/pay/${id}/oxxo"><button type="submit" class="secondary">Generar ficha OXXO (efectivo)</button></form>
<p class="hint">Recibirás una ficha con un número de referencia para pagar en cualquier tienda OXXO antes de ${session.oxxoExpiresAfterDays === 1 ? "que termine mañana" : `${session.oxxoExpiresAfterDays} días`}.</p>`);
  }
  if (session.paymentMethodTypes.includes("customer_balance")) {
    choices.push(`<form method="post" action="/pay/${id}/spei"><button type="submit" class="secondary">Recibir datos de transferencia SPEI</button></form>
<p class="hint">Recibirás una CLABE y una referencia para transferir desde tu banco.</p>`);
  }
  if (choices.length === 0) return "";
  return `<section class="card" aria-labelledby="otros-metodos">
<h2 id="otros-metodos">Otras formas de pago</h2>
${choices.join("\n")}
</section>`;
}

/**
 * A page for a session that can no longer be paid (or does not exist).
 * @param {{ title: string, message: string, link?: { href: string, text: string } | null }} content
 */
export function messagePage({ title, message, link }) {
  const action = link ? `<a class="cancel" href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a>` : "";
  return layout(
    title,
    `<section class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${action}</section>`,
  );
}

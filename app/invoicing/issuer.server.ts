import type { Prisma } from "~/generated/prisma/client";
import type { Issuer } from "~/lib/cfdi/comprobante";
import { type IssuerInput, IssuerSchema } from "~/lib/validation/issuer";
import { type Actor, recordAudit } from "~/models/audit.server";
import { prisma } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { runsForReal } from "~/utils/running-for-real.server";
import { getInvoicingSettings, type InvoicingSettings } from "./settings.server";

/**
 * The shop's own fiscal data as issuer of its CFDI (docs/decisions/064): the row an admin saved in
 * /admin/facturacion wins; until there is one, INVOICE_ISSUER_* (settings.server.ts) are the issuer. Read
 * from the database on every stamp, without a cache: a stamp is rare and already waits on the PAC, and
 * another instance sees a save on its very next invoice. An invoice already stamped keeps its issuer:
 * its XML is the snapshot.
 */

export type IssuerOrigin =
  | { source: "saved"; issuer: Issuer; updatedAt: Date; updatedBy: string }
  | { source: "env"; issuer: Issuer }
  | { source: "none" };

type Db = Prisma.TransactionClient;

/** The issuer the next CFDI is stamped as, and where its data come from. */
export async function currentIssuer(db: Db = prisma): Promise<IssuerOrigin> {
  const row = await db.shopSettings.findUnique({ where: { id: 1 } });
  if (row) {
    const issuer = { rfc: row.issuerRfc, name: row.issuerName, regimen: row.issuerRegimen, zip: row.issuerZip };
    return { source: "saved", issuer, updatedAt: row.updatedAt, updatedBy: row.updatedBy };
  }
  const envIssuer = getInvoicingSettings()?.envIssuer;
  return envIssuer ? { source: "env", issuer: envIssuer } : { source: "none" };
}

export type IssuingSettings = InvoicingSettings & { issuer: Issuer };

/**
 * The invoicing settings with the issuer to stamp as now; null when invoicing is off, or when nobody
 * gave the shop's fiscal data (only a development shop starts that way: see checkIssuerAtStart).
 */
export async function issuingSettings(db: Db = prisma): Promise<IssuingSettings | null> {
  const settings = getInvoicingSettings();
  if (!settings) return null;
  const origin = await currentIssuer(db);
  if (origin.source === "none") {
    logger.warn("invoice refused: the shop's fiscal data as issuer are missing (save them at /admin/facturacion)");
    return null;
  }
  return { ...settings, issuer: origin.issuer };
}

/** Saves the issuer (checked by IssuerSchema) with its audit entry, in one transaction. */
export async function saveIssuer(actor: Actor, input: IssuerInput): Promise<"saved" | "unchanged"> {
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "shop_settings" WHERE "id" = 1 FOR UPDATE`;
    const before = await currentIssuer(tx);
    const after = { rfc: input.rfc, name: input.name, regimen: input.regimen, zip: input.zip };
    if (before.source === "saved" && sameIssuer(before.issuer, after)) return "unchanged";
    const row = {
      issuerRfc: after.rfc,
      issuerName: after.name,
      issuerRegimen: after.regimen,
      issuerZip: after.zip,
      updatedBy: actor.email,
    };
    await tx.shopSettings.upsert({ where: { id: 1 }, create: { id: 1, ...row }, update: row });
    await recordAudit(tx, actor, {
      action: "issuer_settings",
      before: before.source === "none" ? null : auditFields(before.issuer),
      after: auditFields(after),
    });
    return "saved";
  });
}

function sameIssuer(a: Issuer, b: Issuer): boolean {
  return a.rfc === b.rfc && a.name === b.name && a.regimen === b.regimen && a.zip === b.zip;
}

function auditFields(issuer: Issuer) {
  return {
    rfc: issuer.rfc,
    razonSocial: issuer.name,
    regimenFiscal: issuer.regimen,
    lugarExpedicion: issuer.zip,
  };
}

/**
 * At start-up, with invoicing on: the saved issuer must still pass the form's rules, and a shop running
 * for real must have an issuer (saved or INVOICE_ISSUER_*) — this runs before any admin could sign in,
 * so it refuses to start instead of refusing every invoice. A development shop starts and says so.
 * A half INVOICE_ISSUER_* configuration was refused by getInvoicingSettings already.
 */
export async function checkIssuerAtStart(): Promise<void> {
  const settings = getInvoicingSettings();
  if (!settings) return;
  const origin = await currentIssuer();
  const problem =
    origin.source === "none"
      ? "The shop's fiscal data as issuer of its invoices are missing (PAC_API_TOKEN is set: invoicing on): " +
        "set INVOICE_ISSUER_RFC, INVOICE_ISSUER_NAME, INVOICE_ISSUER_REGIME and INVOICE_ISSUER_ZIP, or start " +
        "without PAC_API_TOKEN, save them at /admin/facturacion, then set it again."
      : origin.source === "saved"
        ? savedIssuerProblem(origin.issuer)
        : null;
  if (!problem) return;
  if (runsForReal()) throw new Error(`${problem} Refusing to start.`);
  logger.warn(problem);
}

function savedIssuerProblem(issuer: Issuer): string | null {
  const parsed = IssuerSchema.safeParse(issuer);
  if (parsed.success) return null;
  const fields = Object.entries(parsed.error.flatten().fieldErrors)
    .map(([field, messages]) => `${field}: ${messages?.join(" ")}`)
    .join("; ");
  return (
    `The shop's fiscal data saved at /admin/facturacion are not valid (${fields}): start without ` +
    "PAC_API_TOKEN, correct them at /admin/facturacion, then set it again."
  );
}

import type { FiscalProfileInput } from "~/lib/validation/fiscal-profile";
import { prisma } from "~/utils/db.server";

/** A shopper's saved fiscal data (several per account, one per RFC), newest first. */

export const PROFILE_SELECT = {
  id: true,
  rfc: true,
  name: true,
  regimen: true,
  zip: true,
  uso: true,
  email: true,
} as const;

export type FiscalProfileView = FiscalProfileInput & { id: string };

export function listFiscalProfiles(userId: string): Promise<FiscalProfileView[]> {
  return prisma.fiscalProfile.findMany({ where: { userId }, select: PROFILE_SELECT, orderBy: { updatedAt: "desc" } });
}

export function getFiscalProfile(userId: string, id: string): Promise<FiscalProfileView | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.resolve(null);
  return prisma.fiscalProfile.findFirst({ where: { id, userId }, select: PROFILE_SELECT });
}

/** Saves (or updates, by RFC) the data an invoice was issued with, to choose it next time. */
export async function saveFiscalProfile(userId: string, input: FiscalProfileInput): Promise<void> {
  await prisma.fiscalProfile.upsert({
    where: { userId_rfc: { userId, rfc: input.rfc } },
    create: { userId, ...input },
    update: { name: input.name, regimen: input.regimen, zip: input.zip, uso: input.uso, email: input.email },
  });
}

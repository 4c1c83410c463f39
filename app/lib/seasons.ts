import { SHOP_TIME_ZONE } from "./dates";
import type { OccasionId } from "./occasions";

/**
 * The home page's gift edit for the season (docs/decisions/055-occasion-tags.md): *Día de las Madres*
 * from 1 April to 10 May, Mexico City time (10 May is the day itself), *Regalos para Navidad* the rest
 * of the year. Staff choose its pieces by tagging them with the season's occasion in the product editor.
 */
export type GiftSeason = { title: string; subtitle: string; occasion: OccasionId };

const MOTHERS_DAY: GiftSeason = {
  title: "Día de las Madres",
  subtitle: "Regalos para mamá, a tiempo para el 10 de mayo.",
  occasion: "regalo-para-mama",
};

const CHRISTMAS: GiftSeason = {
  title: "Regalos para Navidad",
  subtitle: "Piezas para regalar en estas fiestas, con envoltura de regalo.",
  occasion: "navidad",
};

const monthDay = new Intl.DateTimeFormat("en-US", { timeZone: SHOP_TIME_ZONE, month: "numeric", day: "numeric" });

export function giftSeason(now: Date): GiftSeason {
  const parts = Object.fromEntries(monthDay.formatToParts(now).map((p) => [p.type, p.value]));
  const month = Number(parts.month);
  const day = Number(parts.day);
  return month === 4 || (month === 5 && day <= 10) ? MOTHERS_DAY : CHRISTMAS;
}

/**
 * The place of a product page's sizes: the id of their group (a plain form post that lacked a size
 * comes back to it) and the flash field whose message the page shows there, not at the top.
 */
export const SIZE_ANCHOR = "talla";

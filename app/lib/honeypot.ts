/**
 * The name of the honeypot field: a text input people never see. Nothing suggests it to a
 * browser's autofill (no "name", "email", "url"), so only form-filling bots fill it in.
 */
export const HONEYPOT_FIELD = "aurora_trampa";

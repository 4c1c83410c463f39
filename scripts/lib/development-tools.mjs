// @ts-check
// The local simulators (tools/payment-simulator, tools/pac-simulator) are workspace packages of the
// repository, installed by `npm install` in a checkout and left out of the production image
// (docs/decisions/062-tools-apart-from-the-shop.md). `npm start` loads one
// only when a shop on localhost needs it, so the image never needs them.

/**
 * The module of the development tool `name`, or null when it is not installed (the production image).
 * Any other failure (a syntax error in the tool, a missing dependency of it) is thrown: only its absence
 * is expected.
 * @param {string} name
 * @returns {Promise<Record<string, any> | null>}
 */
export async function importDevelopmentTool(name) {
  try {
    return await import(name);
  } catch (error) {
    const code = /** @type {{ code?: string }} */ (error).code;
    const missing =
      code === "ERR_MODULE_NOT_FOUND" && String(/** @type {Error} */ (error).message).includes(`'${name}'`);
    if (missing) return null;
    throw error;
  }
}

/** Texts of the admin panel shared by its pages and tests. */

/** Asked before a product is deleted (or archived, when it appears in orders). */
export const DELETE_QUESTION = "¿Estás seguro de que quieres eliminar este producto?";

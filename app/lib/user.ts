/** Display name: the name, else the part of the e-mail before @, else "Usuario". */
export function displayName(user: { name?: string | null; email?: string | null }): string {
  const name = user.name?.trim();
  if (name) return name;
  const local = user.email?.split("@")[0]?.trim();
  return local || "Usuario";
}

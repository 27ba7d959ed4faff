// Which menu areas start open: only the area of the current screen (a menu with every area open was
// 35 items and 1,680 px tall). A path inside a screen (/tabelasfrete/uid/editar) belongs to its screen;
// the home page and unknown paths open none.
export type GrupoMenu = { group: string; items: readonly { path: string }[] };

export const chaveGrupo = (group: string) => `grupo:${group}`;

export function gruposAbertos(tree: readonly GrupoMenu[], pathname: string): string[] {
  const g = tree.find(({ items }) => items.some((r) => pathname === r.path || pathname.startsWith(`${r.path}/`)));
  return g ? [chaveGrupo(g.group)] : [];
}

/** The open areas after a navigation: the user's open areas plus the new screen's area. */
export const comGrupoAtual = (abertos: readonly string[], tree: readonly GrupoMenu[], pathname: string): string[] => {
  const novos = gruposAbertos(tree, pathname).filter((k) => !abertos.includes(k));
  return novos.length ? [...abertos, ...novos] : [...abertos];
};

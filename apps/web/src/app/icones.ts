// Icons speak pt-BR to screen readers, once for the whole app. antd's icons carry their English file name as
// their accessible name (role=img, aria-label "edit", "search", "close", "right"…), which the reader then says
// inside every control ("edit Editar") or as the only name of an icon-only control ("right", "close"). This
// observer, for every icon the page shows:
// - inside a control (button, link, menu item, tab, switch…) that has text or a name of its own: the icon is
//   decorative (aria-hidden);
// - the only content of a control without a name: the control is named in pt-BR (its `title`, or its
//   parent's — antd's pagination puts "Próxima página" on the item —, else the icon's word below, else the
//   icon's own label, as a screen that named it in pt-BR did), and the icon is decorative;
// - outside controls: decorative arrows hidden, others get their word in pt-BR when known (antd's own
//   "Close"/"Clear" buttons get "Fechar"/"Limpar" too).
export const NOMES_DOS_ICONES: Record<string, string> = {
  search: 'Buscar',
  close: 'Fechar',
  'close-circle': 'Limpar',
  edit: 'Editar',
  delete: 'Excluir',
  eye: 'Mostrar',
  'eye-invisible': 'Ocultar',
  left: 'Anterior',
  right: 'Próxima',
  plus: 'Adicionar',
  minus: 'Remover',
  reload: 'Recarregar',
  ellipsis: 'Mais ações',
  bell: 'Notificações',
  'menu-fold': 'Recolher o menu',
  'menu-unfold': 'Abrir o menu',
  check: 'Sim',
  'check-circle': 'Sim',
  info: 'Informação',
  'info-circle': 'Informação',
  'exclamation-circle': 'Atenção',
  'question-circle': 'Ajuda',
  warning: 'Atenção',
  upload: 'Enviar',
  download: 'Baixar',
  export: 'Exportar',
  copy: 'Copiar',
  user: 'Usuário',
  home: 'Início',
};

/** antd's own English names of its controls (a drawer's ✕, a select's clear). */
const ROTULOS_DO_ANTD: Record<string, string> = { Close: 'Fechar', close: 'Fechar', Clear: 'Limpar', clear: 'Limpar' };

/** Icons that only decorate what is beside them (a sort arrow, a select's arrow): never named. */
const DECORATIVOS = new Set(['caret-up', 'caret-down', 'down', 'up', 'loading']);

const CONTROLE = 'button, a, [role="button"], [role="menuitem"], [role="tab"], [role="switch"], [role="option"], [role="link"], label';

/** Text of `el` leaving its icons out. */
const textoSemIcones = (el: Element) => {
  const copia = el.cloneNode(true) as Element;
  for (const i of Array.from(copia.querySelectorAll('.anticon'))) i.remove();
  return (copia.textContent ?? '').trim();
};

export function ajustarIcone(icone: Element) {
  const nome = icone.getAttribute('aria-label') ?? '';
  const controle = icone.parentElement?.closest(CONTROLE);
  if (controle) {
    const temNome = controle.getAttribute('aria-label') || controle.getAttribute('aria-labelledby') || textoSemIcones(controle);
    if (!temNome) {
      // An icon already named in pt-BR by the screen (e.g. aria-label="Limpar") keeps naming its control.
      const titulo = controle.getAttribute('title') || controle.parentElement?.getAttribute('title') || NOMES_DOS_ICONES[nome] || nome;
      if (!titulo) return;
      controle.setAttribute('aria-label', titulo);
    }
    const rotulo = ROTULOS_DO_ANTD[controle.getAttribute('aria-label') ?? ''];
    if (rotulo) controle.setAttribute('aria-label', rotulo);
    icone.setAttribute('aria-hidden', 'true');
    return;
  }
  if (DECORATIVOS.has(nome)) icone.setAttribute('aria-hidden', 'true');
  else if (NOMES_DOS_ICONES[nome]) icone.setAttribute('aria-label', NOMES_DOS_ICONES[nome]);
}

/** Adjusts the icons already on the page and every one added later. */
export function iconesEmPortugues(doc: Document = document) {
  const ajustar = (raiz: ParentNode) => {
    for (const i of Array.from(raiz.querySelectorAll('.anticon[role="img"]:not([aria-hidden])'))) ajustarIcone(i);
    for (const b of Array.from(raiz.querySelectorAll('[aria-label]'))) {
      const rotulo = ROTULOS_DO_ANTD[b.getAttribute('aria-label') ?? ''];
      if (rotulo) b.setAttribute('aria-label', rotulo);
    }
  };
  ajustar(doc);
  new MutationObserver((mudancas) => {
    for (const m of mudancas) {
      for (const n of Array.from(m.addedNodes)) {
        if (!(n instanceof Element)) continue;
        if (n.matches('.anticon[role="img"]:not([aria-hidden])')) ajustarIcone(n);
        ajustar(n);
      }
    }
  }).observe(doc.body, { childList: true, subtree: true });
}

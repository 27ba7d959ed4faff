import { SearchOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Modal, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, matchPath, useLocation, useNavigate } from 'react-router';
import { RESOURCES, menuTree } from '../../resources/registry.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { usePode } from '../perfil.ts';

// Ways around the app, from the registry: the breadcrumb trail of screens below the top level, and
// quick navigation (Ctrl+K) to any screen of the menu the user may open.

/** The registry screens along a path: each prefix of its segments that is a declared route
 * ('/transportadores' → '/transportadores/1/unidades'), with the URL it has here. */
export function trilhaDe(pathname: string, defs: readonly ResourceDef[] = RESOURCES): { def: ResourceDef; url: string }[] {
  const partes = pathname.split('/').filter(Boolean);
  const trilha: { def: ResourceDef; url: string }[] = [];
  for (let i = 1; i <= partes.length; i++) {
    const url = `/${partes.slice(0, i).join('/')}`;
    const def = defs.find((d) => matchPath({ path: d.path, end: true }, url));
    if (def) trilha.push({ def, url });
  }
  return trilha;
}

/** Início › área › screens above › this screen; shown below the top level (sub-collections, record pages). */
export function Trilha() {
  const { pathname } = useLocation();
  const trilha = useMemo(() => trilhaDe(pathname), [pathname]);
  const ultima = trilha.at(-1);
  if (!ultima || (trilha.length === 1 && ultima.url === pathname && ultima.def.menu !== false)) return null;
  const itens = [
    { key: 'inicio', title: <Link to="/">Início</Link> },
    { key: 'grupo', title: trilha[0].def.group },
    ...trilha.map(({ def, url }, i) => {
      const nome = i > 0 && def.parent ? (def.tab ?? def.label) : def.label;
      return { key: url, title: i < trilha.length - 1 ? <Link to={url}>{nome}</Link> : nome };
    }),
  ];
  return <Breadcrumb aria-label="Trilha de navegação" items={itens} style={{ marginBottom: 12 }} />;
}

/** Ctrl+K (⌘K): a search over the menu's screens; choosing one goes there. */
export function BuscaRapida() {
  const pode = usePode();
  const navigate = useNavigate();
  const [aberta, setAberta] = useState(false);
  const opcoes = useMemo(
    () => menuTree(pode).flatMap(({ group, items }) => items.map((r) => ({ value: r.path, label: `${r.label} · ${group}` }))),
    [pode],
  );
  useEffect(() => {
    const tecla = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setAberta(true);
      }
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  }, []);
  return (
    <>
      <Button type="text" icon={<SearchOutlined />} aria-label="Ir para uma tela (Ctrl+K)" title="Ir para uma tela (Ctrl+K)" onClick={() => setAberta(true)} />
      <Modal open={aberta} title="Ir para" footer={null} onCancel={() => setAberta(false)} destroyOnHidden>
        <Select
          autoFocus
          defaultOpen
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="Tela"
          placeholder="Digite o nome da tela"
          style={{ width: '100%' }}
          options={opcoes}
          onChange={(path: string) => {
            setAberta(false);
            navigate(path);
          }}
        />
      </Modal>
    </>
  );
}

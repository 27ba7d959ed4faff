import { HomeOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { menuTree } from '../../resources/registry.ts';
import { useLayout } from '../layout.tsx';
import { usePerfil, usePode } from '../perfil.ts';
import { GROUP_ICONS } from './groupIcons.tsx';
import { comGrupoAtual, gruposAbertos } from './gruposAbertos.ts';

// The side menu: built from the registry, only what the user's role may read, grouped by area.
export function SideMenu() {
  const pode = usePode();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { collapsed, narrow, close } = useLayout();
  const tipoUsuario = usePerfil().data?.tipoUsuario;
  const tree = useMemo(() => menuTree(pode, tipoUsuario), [pode, tipoUsuario]);
  // Open submenus are kept apart for the two modes: expanded starts with only the current screen's area
  // open (and opens the area of each screen navigated to); collapsed shows areas as hover popups, which
  // must start closed (else a popup floats over the page).
  const [openExpanded, setOpenExpanded] = useState<string[]>(() => gruposAbertos(tree, pathname));
  useEffect(() => setOpenExpanded((abertos) => comGrupoAtual(abertos, tree, pathname)), [tree, pathname]);
  const [openCollapsed, setOpenCollapsed] = useState<string[]>([]);

  const items: MenuProps['items'] = [
    { key: '/', icon: <HomeOutlined />, label: 'Início' },
    ...tree.map(({ group, items: resources }) => ({
      key: `grupo:${group}`,
      icon: GROUP_ICONS[group],
      label: group,
      children: resources.map((r) => ({ key: r.path, icon: r.icon, label: r.label })),
    })),
  ];
  const selected = tree.flatMap((g) => g.items).find((r) => pathname === r.path || pathname.startsWith(`${r.path}/`));

  return (
    <Menu
      theme="dark"
      mode="inline"
      aria-label="Menu principal"
      items={items}
      selectedKeys={[selected?.path ?? pathname]}
      openKeys={collapsed ? openCollapsed : openExpanded}
      onOpenChange={collapsed ? setOpenCollapsed : setOpenExpanded}
      onClick={({ key }) => {
        navigate(key);
        setOpenCollapsed([]);
        if (narrow) close();
      }}
    />
  );
}

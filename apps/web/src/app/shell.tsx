import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Result, Typography } from 'antd';
import { Outlet } from 'react-router';
import { useLayout } from './layout.tsx';
import { usePerfil } from './perfil.ts';
import { FullPageSpin, useSession } from './session.tsx';
import { EmbarcadorSwitcher } from './shell/EmbarcadorSwitcher.tsx';
import { BuscaRapida, Trilha } from './shell/Navegacao.tsx';
import { ProfileMenu } from './shell/ProfileMenu.tsx';
import { SideMenu } from './shell/SideMenu.tsx';
import { Sino } from '../modules/notificacoes/Sino.tsx';

// The application shell: side menu (from the registry, filtered by permission), header with the
// active shipper and the user's menu, and the page. Narrow windows get the menu over the content.
const SIDER_WIDTH = 240;

export function Shell() {
  const perfil = usePerfil();
  const { signOut } = useSession();
  const { collapsed, narrow, toggle, close } = useLayout();

  if (perfil.isPending) return <FullPageSpin tip="Carregando perfil..." />;
  if (perfil.isError) {
    return (
      <Result
        status="error"
        title="Não foi possível carregar seu perfil."
        subTitle={perfil.error.message}
        extra={[
          <Button key="retry" type="primary" onClick={() => perfil.refetch()}>
            Tentar novamente
          </Button>,
          <Button key="sair" onClick={() => signOut()}>
            Sair
          </Button>,
        ]}
      />
    );
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        data-testid="menu-lateral"
        trigger={null}
        collapsible
        collapsed={collapsed}
        collapsedWidth={narrow ? 0 : 64}
        width={SIDER_WIDTH}
        // Wide screens: the menu stays in view (scrolling on its own) while the content scrolls.
        style={narrow ? { position: 'fixed', insetBlock: 0, left: 0, zIndex: 20, overflow: 'auto' } : { overflow: 'auto', position: 'sticky', top: 0, height: '100vh' }}
      >
        <Flex align="center" justify="center" style={{ height: 64 }}>
          <Typography.Title level={4} style={{ color: '#fff', margin: 0 }}>
            {collapsed ? 'F' : 'Fretio'}
          </Typography.Title>
        </Flex>
        <SideMenu />
      </Layout.Sider>
      {narrow && !collapsed && (
        <div aria-hidden onClick={close} style={{ position: 'fixed', inset: 0, background: 'rgba(0,0,0,0.35)', zIndex: 15 }} />
      )}
      <Layout>
        <Layout.Header style={{ background: '#fff', paddingInline: 12, borderBottom: '1px solid #f0f0f0' }}>
          <Flex align="center" gap={12} style={{ height: '100%' }}>
            <Button
              type="text"
              aria-label={collapsed ? 'Abrir menu' : 'Recolher menu'}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggle}
            />
            <div style={{ flex: 1 }} />
            <BuscaRapida />
            <Sino />
            <EmbarcadorSwitcher />
            <ProfileMenu />
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: narrow ? 12 : 24 }}>
          <Trilha />
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

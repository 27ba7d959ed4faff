import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Space } from 'antd';
import { useNavigate } from 'react-router';
import { usePerfil } from '../perfil.ts';
import { useSession } from '../session.tsx';

// The user's menu in the header: their profile and sign-out.
export function ProfileMenu() {
  const { data: perfil } = usePerfil();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const nome = perfil?.apelido || perfil?.nome || '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'perfil', icon: <UserOutlined />, label: 'Meu perfil' },
          { type: 'divider' },
          { key: 'sair', icon: <LogoutOutlined />, label: 'Sair', danger: true },
        ],
        onClick: ({ key }) => (key === 'perfil' ? navigate('/perfil') : void signOut()),
      }}
    >
      <Button type="text" aria-label="Menu do usuário" style={{ height: 'auto', paddingInline: 8 }}>
        <Space>
          <Avatar size="small" src={perfil?.imagemPerfil.url || undefined} icon={<UserOutlined />} />
          <span className="fretio-user-name">{nome}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Button>
    </Dropdown>
  );
}

import { ShopOutlined } from '@ant-design/icons';
import { Select, Space, Typography } from 'antd';
import { usePerfil, useTrocarEmbarcador } from '../perfil.ts';

// The active shipper: every list and form works inside it. Switching refetches everything.
export function EmbarcadorSwitcher() {
  const { data: perfil } = usePerfil();
  const trocar = useTrocarEmbarcador();
  if (!perfil) return null;
  const opcoes = perfil.embarcadores.map((e) => ({ value: e.uid, label: e.nome }));
  if (!opcoes.length) return null;
  if (opcoes.length === 1) {
    return (
      <Space size={6} aria-label="Embarcador ativo">
        <ShopOutlined />
        <Typography.Text strong>{perfil.embarcadorAtivo?.nome ?? opcoes[0].label}</Typography.Text>
      </Space>
    );
  }
  return (
    <Select
      aria-label="Embarcador ativo"
      data-testid="embarcador-ativo"
      style={{ minWidth: 200, maxWidth: 280 }}
      prefix={<ShopOutlined />}
      value={perfil.embarcadorAtivo?.uid}
      placeholder="Selecione o embarcador"
      options={opcoes}
      loading={trocar.isPending}
      disabled={trocar.isPending}
      onChange={(uid: string) => trocar.mutate(uid)}
    />
  );
}

import { CarOutlined, IdcardOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePerfil } from '../../app/perfil.ts';
import { descricaoPara } from '../../resources/registry.ts';
import { RemoteSelect } from '../../resources/fields/RemoteSelect.tsx';
import type { RemoteOptions, ResourceDef } from '../../resources/types.ts';

// "Frota": choose a carrier of the active shipper, then open its drivers or vehicles (the carrier's
// sub-collections, with tabs to its other ones).
const TRANSPORTADORES: RemoteOptions = {
  api: '/transportadores/listaselecao-usuario',
  value: 'uid',
  search: 'q',
  label: (r) => String(r.label),
};

export function FrotaPage({ def }: { def: ResourceDef }) {
  const navigate = useNavigate();
  const [uid, setUid] = useState<string | null>(null);
  const tipoUsuario = usePerfil().data?.tipoUsuario;
  // The header every list has (title, then the description in the user's words: a carrier user reads
  // about its own fleet).
  return (
    <Card>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {def.label}
      </Typography.Title>
      <Typography.Text type="secondary">{descricaoPara(def, tipoUsuario)}</Typography.Text>
      <Form layout="vertical" style={{ marginTop: 16, maxWidth: 640 }}>
        <Form.Item label="Transportador" htmlFor="frota-transportador" extra="Busque pelo nome ou CNPJ.">
          <RemoteSelect
            id="frota-transportador"
            remote={TRANSPORTADORES}
            value={uid ?? undefined}
            onChange={(v) => setUid((v as string | undefined) ?? null)}
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" icon={<IdcardOutlined />} disabled={!uid} onClick={() => navigate(`/transportadores/${uid}/motoristas`)}>
            Motoristas
          </Button>
          <Button type="primary" icon={<CarOutlined />} disabled={!uid} onClick={() => navigate(`/transportadores/${uid}/veiculos`)}>
            Veículos
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

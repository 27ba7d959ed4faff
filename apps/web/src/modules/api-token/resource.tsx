import { apiTokenInput } from '@fretio/core';
import { ApiOutlined, CopyOutlined } from '@ant-design/icons';
import type { ApiToken, ApiTokenCriado } from '@fretio/core';
import { Alert, App, Button, Flex, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type Registro, defineResource } from '../../resources/types.ts';

// API tokens of the active shipper for integrations (`Authorization: Bearer fretio_...`). The secret
// is returned by the create call only: a modal shows it once, with a copy button.
function situacao(t: Registro): { label: string; color: string } {
  if (t.revogadoEm) return { label: 'Revogado', color: 'error' };
  if (t.expiraEm && Date.parse(String(t.expiraEm)) <= Date.now()) return { label: 'Expirado', color: 'default' };
  return { label: 'Ativo', color: 'success' };
}

function SegredoUmaVez({ token }: { token: string }) {
  const { message } = App.useApp();
  const [copiado, setCopiado] = useState(false);
  async function copiar() {
    try {
      await navigator.clipboard.writeText(token);
      setCopiado(true);
      message.success('Token copiado para a área de transferência.');
    } catch {
      message.warning('Não foi possível copiar: selecione o texto e copie manualmente.');
    }
  }
  return (
    <Flex vertical gap={12}>
      <Alert
        type="warning"
        showIcon
        title="Copie e guarde este token agora: ele não será mostrado novamente."
        description="Use-o no cabeçalho Authorization: Bearer <token> das chamadas à API."
      />
      <Flex gap={8}>
        <Input readOnly value={token} aria-label="Token de API" data-testid="token-segredo" onFocus={(e) => e.target.select()} />
        <Button icon={<CopyOutlined />} onClick={copiar} type={copiado ? 'default' : 'primary'}>
          {copiado ? 'Copiado' : 'Copiar'}
        </Button>
      </Flex>
    </Flex>
  );
}

export const apiTokens = defineResource<ApiToken>({
  key: 'api-token',
  path: '/api-token',
  label: 'Tokens de API',
  singular: 'Token de API',
  description: 'Chaves de acesso à API para integrações do embarcador ativo.',
  group: 'Acesso',
  icon: <ApiOutlined />,
  recurso: 'api-token',
  api: '/api-token',
  // Created and revoked; never edited or read one by one.
  operations: ['criar', 'excluir'],
  detail: false,
  createLabel: 'Novo token',
  defaultSort: { field: 'criadoEm', order: 'DESC' },
  columns: [
    { field: 'nome', title: 'Nome', sortable: true, filter: 'text' },
    { field: 'prefixo', title: 'Prefixo', render: (v) => <Typography.Text code>{String(v)}…</Typography.Text> },
    { field: 'usuarioNome', title: 'Criado por', sortable: true },
    { field: 'criadoEm', title: 'Criado em', kind: 'dateTime', sortable: true, filter: 'dateRange', width: 150 },
    { field: 'expiraEm', title: 'Expira em', kind: 'dateTime', sortable: true, width: 150 },
    { field: 'ultimoUso', title: 'Último uso', kind: 'dateTime', sortable: true, width: 150 },
    {
      field: 'ativo',
      title: 'Situação',
      filter: 'bool',
      boolLabels: ['Ativo', 'Revogado/expirado'],
      width: 120,
      render: (_v, r) => {
        const s = situacao(r);
        return <Tag color={s.color}>{s.label}</Tag>;
      },
    },
  ],
  schema: apiTokenInput,
  fields: [
    { name: 'nome', label: 'Nome', placeholder: 'Ex.: Integração ERP' },
    { name: 'expiraEm', label: 'Expira em', kind: 'date', help: 'Opcional: sem data, vale até ser revogado.' },
  ],
  afterSave: (saved, { created, modal }) => {
    const token = (saved as unknown as ApiTokenCriado).token;
    if (created && token) {
      modal.info({
        title: `Token "${saved.nome}" criado`,
        width: 640,
        icon: null,
        okText: 'Fechar',
        content: <SegredoUmaVez token={token} />,
      });
    }
    return 'Token de API criado.';
  },
  deleteAction: {
    label: 'Revogar',
    confirm: (r) => `Revogar o token "${r.nome}"?`,
    description: 'Integrações que o usam deixam de funcionar imediatamente.',
    show: (r) => situacao(r).label === 'Ativo',
    sucesso: 'Token revogado.',
  },
});

import { ApiOutlined } from '@ant-design/icons';
import { Descriptions, Tag, Typography } from 'antd';
import { defineResource, type Registro } from '../../resources/types.ts';

// Every call the product made to an outside web service (SEFAZ distribution…): status, cStat,
// duration; expand a row to read the request and the response.
type Chamada = Registro & {
  servico: string; ambiente: string; url: string; cStat: string | null; xMotivo: string | null; sucesso: boolean;
  duracaoMs: number; requisicao: string | null; resposta: string | null; criadoEm: string;
};

const Corpo = ({ texto }: { texto: string | null }) =>
  texto ? (
    <pre style={{ maxHeight: 320, overflow: 'auto', margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{texto}</pre>
  ) : (
    <Typography.Text type="secondary">—</Typography.Text>
  );

export const historicoWebservice = defineResource<Chamada>({
  key: 'historico-webservice',
  path: '/historico-webservice',
  label: 'Histórico de web services',
  singular: 'Chamada de web service',
  description: 'Chamadas aos web services da SEFAZ e de outras integrações, com o código de retorno e o tempo de resposta.',
  group: 'Administração',
  icon: <ApiOutlined />,
  recurso: 'historico-webservice',
  api: '/historico-webservice',
  operations: [],
  detail: false,
  defaultSort: { field: 'criadoEm', order: 'DESC' },
  columns: [
    { field: 'criadoEm', title: 'Em', kind: 'dateTime', sortable: true, filter: 'dateRange', width: 150 },
    { field: 'servico', title: 'Serviço', sortable: true, width: 200 },
    { field: 'ambiente', title: 'Ambiente', width: 130, render: (v) => (v === 'producao' ? 'Produção' : 'Homologação') },
    { field: 'cStat', title: 'cStat', width: 90 },
    { field: 'xMotivo', title: 'Retorno', render: (v) => (v ? String(v) : '—') },
    { field: 'sucesso', title: 'Resultado', kind: 'bool', boolLabels: ['Sucesso', 'Falha'], filter: 'bool', width: 120 },
    { field: 'duracaoMs', title: 'Duração', sortable: true, width: 110, render: (v) => `${Number(v).toLocaleString('pt-BR')} ms` },
  ],
  fields: [],
  expandable: (r) => (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label="Endereço">
        <Typography.Text code>{r.url}</Typography.Text> {r.sucesso ? <Tag color="success">Sucesso</Tag> : <Tag color="error">Falha</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label="Requisição"><Corpo texto={r.requisicao} /></Descriptions.Item>
      <Descriptions.Item label="Resposta"><Corpo texto={r.resposta} /></Descriptions.Item>
    </Descriptions>
  ),
});

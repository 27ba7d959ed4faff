import { SaveOutlined } from '@ant-design/icons';
import { MSG, type TabelaFrete, type TabelaFreteCompleta, formatarData } from '@fretio/core';
import { Alert, App, Breadcrumb, Button, Card, Flex, Form, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ApiError } from '../../app/api.ts';
import { usePode } from '../../app/perfil.ts';
import { FormFields, camposVisiveis, valoresDosCampos } from '../../resources/ResourceForm.tsx';
import { erroNoNavegador } from '../../resources/validarNoNavegador.ts';
import { ResourceList } from '../../resources/ResourceList.tsx';
import { Anexos } from '../../resources/anexos/Anexos.tsx';
import { useDescarte } from '../../resources/descarte.ts';
import { aplicarErrosNoForm } from '../../resources/formErrors.ts';
import type { Registro, ResourceDef } from '../../resources/types.ts';
import { useSaveResource } from '../../resources/useResourceApi.ts';
import { AcoesDaTabela, TagsDaTabela, editorDaTabela } from './acoes.tsx';
import { useAvisosTabela, useTabelaCompleta } from './hooks.ts';
import { CAMPOS_TABELA, prioridadesDaTabela, restricoesDaTabela, tabelasFrete } from './definicoes.tsx';
import { RegrasEditor } from './RegrasEditor.tsx';
import { RotasDaTabela } from './RotasDaTabela.tsx';
import { ComparacaoTabela } from './Comparacao.tsx';
import { VinculoTabela } from './Vinculo.tsx';

// The freight-table editor (/tabelasfrete/{uid}, or /tabelasfrete/nova): the header form, then the
// tabs Rotas (with each route's rules), Generalidades, Restrições, Prioridades, Vínculo (derived table:
// base and adjustments), Comparação (old vs new for the approval) and Anexos (tab in ?aba=).
const ABAS = ['rotas', 'generalidades', 'adicionais', 'restricoes', 'prioridades', 'vinculo', 'comparacao', 'anexos'] as const;
type Aba = (typeof ABAS)[number];

export function TabelaEditorPage(_p: { def: ResourceDef }) {
  const { uid: param } = useParams();
  const uid = param && param !== 'nova' ? param : null;
  const pode = usePode();
  const completa = useTabelaCompleta(uid);
  const t = completa.data;
  const avisos = useAvisosTabela(uid);
  const [params, setParams] = useSearchParams();
  const aba: Aba = ABAS.includes(params.get('aba') as Aba) ? (params.get('aba') as Aba) : 'rotas';
  const podeAlterar = (uid ? pode('tabelasfrete', 'alterar') : pode('tabelasfrete', 'criar')) && !t?.historica;

  if (uid && completa.isError) {
    return (
      <Result
        status={(completa.error as ApiError).status === 404 ? '404' : 'error'}
        title="Não foi possível abrir a tabela de frete."
        subTitle={completa.error.message}
        extra={<Link to={tabelasFrete.path}>Voltar às tabelas de frete</Link>}
      />
    );
  }

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Breadcrumb
          items={[{ title: <Link to={tabelasFrete.path}>Tabelas de frete</Link> }, { title: uid ? (t?.nome ?? '…') : 'Nova tabela' }]}
        />
        <Flex justify="space-between" align="center" wrap gap={12} style={{ margin: '8px 0 16px' }}>
          <Space wrap align="center">
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="titulo-tabela">
              {uid ? (t?.nome ?? <Skeleton.Input active />) : 'Nova tabela de frete'}
            </Typography.Title>
            {t && <TagsDaTabela t={t} />}
            {t && <Typography.Text type="secondary">Versão {t.versao}</Typography.Text>}
          </Space>
          {t && <AcoesDaTabela tabela={t} size="middle" />}
        </Flex>
        {t?.historica && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="Versão histórica: foi substituída por um reajuste e é somente leitura."
          />
        )}
        {!!avisos.data?.length && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="avisos-tabela"
            title="Avisos da tabela (não impedem a ativação)"
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {avisos.data.map((a) => (
                  <li key={a.field}>{a.message}</li>
                ))}
              </ul>
            }
          />
        )}
        {uid && !t ? <Skeleton active /> : <CabecalhoTabela tabela={t ?? null} podeAlterar={podeAlterar} />}
      </Card>
      {t && (
        <Card>
          <Tabs
            activeKey={aba}
            destroyOnHidden
            // Each tab has its own list state: the list parameters of another tab do not carry over.
            onChange={(k) => setParams({ aba: k })}
            items={[
              { key: 'rotas', label: `Rotas (${t.rotas.length})`, children: <RotasDaTabela tabela={t} readOnly={!podeAlterar} /> },
              {
                key: 'generalidades',
                label: `Generalidades (${t.generalidades.length})`,
                children: (
                  <RegrasEditor
                    titulo="Generalidades"
                    descricao="Regras que valem em todas as rotas da tabela; a regra do mesmo componente numa rota prevalece."
                    api={`/tabelasfrete/${t.uid}/generalidades`}
                    regras={t.generalidades}
                    readOnly={!podeAlterar}
                  />
                ),
              },
              {
                key: 'adicionais',
                label: `Adicionais por local (${t.adicionais.length})`,
                children: (
                  <RegrasEditor
                    titulo="Adicionais por local"
                    descricao="Taxas (TDE, TDA, restrição de trânsito…) de uma UF, município, região, faixa de CEP ou destinatário, somadas à rota que se aplicar — sem duplicar a rota."
                    api={`/tabelasfrete/${t.uid}/adicionais`}
                    regras={t.adicionais}
                    readOnly={!podeAlterar}
                    comLocal
                  />
                ),
              },
              {
                key: 'restricoes',
                label: `Restrições (${t.restricoes.length})`,
                children: <ListaDaTabela def={restricoesDaTabela} readOnly={!podeAlterar} />,
              },
              {
                key: 'prioridades',
                label: `Prioridades (${t.prioridades.length})`,
                children: <ListaDaTabela def={prioridadesDaTabela} readOnly={!podeAlterar} />,
              },
              {
                key: 'vinculo',
                label: t.tabelaBaseUid ? `Vínculo (derivada de ${t.tabelaBaseNome})` : 'Vínculo',
                children: <VinculoTabela tabela={t} readOnly={!podeAlterar} />,
              },
              { key: 'comparacao', label: 'Comparação', children: <ComparacaoTabela tabela={t} /> },
              { key: 'anexos', label: 'Anexos', children: <Anexos api={`/tabelasfrete/${t.uid}/anexos`} podeAlterar={podeAlterar} /> },
            ]}
          />
        </Card>
      )}
    </>
  );
}

/** A tab's list: the generic list; a read-only table (historic version, role) offers no changes. */
function ListaDaTabela({ def, readOnly }: { def: ResourceDef; readOnly: boolean }) {
  const efetiva = useMemo(() => (readOnly ? { ...def, operations: [] } : def), [def, readOnly]);
  return <ResourceList def={efetiva} />;
}

/** The header values a record shows in the form: the form is reset only when one of them changes. */
const valoresDoCabecalho = (t: TabelaFrete) =>
  Object.fromEntries(CAMPOS_TABELA.map((f) => [f.name, (t as unknown as Registro)[f.name] ?? null]));

function CabecalhoTabela({ tabela, podeAlterar }: { tabela: TabelaFreteCompleta | null; podeAlterar: boolean }) {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const save = useSaveResource(tabelasFrete);
  const uid = tabela?.uid ?? null;
  const fields = CAMPOS_TABELA.filter((f) => (uid ? !f.createOnly : !f.editOnly));
  const schema = uid ? tabelasFrete.updateSchema : tabelasFrete.schema;
  const [errosDaTabela, setErrosDaTabela] = useState<string[]>([]);
  const valores = tabela ? JSON.stringify(valoresDoCabecalho(tabela)) : null;
  // Leaving the editor (menu, breadcrumb, back) with unsaved header changes asks first.
  const { salvo } = useDescarte(form, podeAlterar);

  // Changes of routes or rules refresh the table but keep what is being typed in the header.
  useEffect(() => {
    if (!valores) return;
    form.setFieldsValue(JSON.parse(valores));
    salvo();
  }, [valores, form, salvo]);

  async function onFinish(values: Record<string, unknown>) {
    setErrosDaTabela([]);
    const body = valoresDosCampos(fields, values);
    try {
      // "Vigência: fim" before "início" and the like show on their field before anything is sent.
      const local = erroNoNavegador(schema, body, camposVisiveis(fields, values));
      if (local) throw local;
      const r = await save.mutateAsync({ uid: uid ?? undefined, body });
      salvo();
      if (!uid) navigate(editorDaTabela(r.data.uid), { replace: true });
    } catch (e) {
      const err = e as ApiError;
      if (err.status === 401) return;
      // Errors of the table's parts (activation validates the whole table) are listed under the form.
      const semCampo = aplicarErrosNoForm(
        form,
        e,
        fields.map((f) => f.name),
      );
      setErrosDaTabela(semCampo);
      message.error(err.message || MSG.erroSalvar);
    }
  }

  return (
    // Named: its ids (tabela_prioridade...) must not clash with the drawers' fields of the same name.
    <Form
      name="tabela"
      form={form}
      layout="vertical"
      disabled={!podeAlterar}
      initialValues={uid ? undefined : tabelasFrete.initialValues}
      onFinish={onFinish}
      scrollToFirstError
    >
      <FormFields
        fields={fields}
        schema={schema}
        record={tabela as unknown as Registro | null}
        readOnly={!podeAlterar}
        context={{ form, uid, close: () => undefined }}
      />
      {tabela?.submetidoPorNome && (
        <Typography.Paragraph type="secondary" data-testid="aprovacao-tabela">
          Submetida por {tabela.submetidoPorNome}
          {tabela.aprovadoPorNome
            ? ` · aprovada por ${tabela.aprovadoPorNome}${tabela.aprovadoEm ? ` em ${formatarData(tabela.aprovadoEm, true)}` : ''}`
            : tabela.status === 3
              ? ' · aguardando aprovação (ativação) por outro usuário quando a aprovação de tabelas está ligada'
              : ''}
        </Typography.Paragraph>
      )}
      {errosDaTabela.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="A tabela tem erros:"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {errosDaTabela.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
          data-testid="erros-tabela"
        />
      )}
      {podeAlterar && (
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
          {uid ? 'Salvar tabela' : 'Criar tabela'}
        </Button>
      )}
    </Form>
  );
}

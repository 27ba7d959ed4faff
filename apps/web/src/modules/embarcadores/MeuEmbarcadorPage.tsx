import { MunicipioTexto } from '../../resources/fields/MunicipioTexto.tsx';
import { EditOutlined, ShopOutlined, UploadOutlined } from '@ant-design/icons';
import { type Embarcador, formatarCep, formatarDocumento } from '@fretio/core';
import { App, Avatar, Button, Card, Col, Descriptions, Flex, Result, Row, Skeleton, Typography, Upload } from 'antd';
import { useState } from 'react';
import { usePode, useToastErro } from '../../app/perfil.ts';
import { ParentTabs } from '../../resources/ParentTabs.tsx';
import { ResourceForm } from '../../resources/ResourceForm.tsx';
import { usePathParams } from '../../resources/pathParams.ts';
import { resourceByKey } from '../../resources/registry.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { useResourceDetail } from '../../resources/useResourceApi.ts';
import { CertificadoCard } from './CertificadoCard.tsx';
import { useEnviarLogo } from './hooks.ts';

// "Meu embarcador": the active shipper's data, its logo and its digital certificate. Editing the
// data is the register's own form (the Embarcadores resource).
const TIPOS_LOGO = 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml';

export function MeuEmbarcadorPage({ def }: { def: ResourceDef }) {
  const uid = usePathParams().embarcadorAtivo ?? null;
  const registro = resourceByKey('embarcadores') as ResourceDef;
  const detail = useResourceDetail(registro, uid);
  const pode = usePode();
  const podeAlterar = pode(def.recurso, 'alterar');
  const [editando, setEditando] = useState<{ n: number; open: boolean } | null>(null);
  const e = detail.data as Embarcador | undefined;

  return (
    <>
      <ParentTabs def={def} />
      {!uid ? (
        <Result status="info" title="Nenhum embarcador ativo." subTitle="Selecione um embarcador no cabeçalho." />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Card
              title="Dados do embarcador"
              extra={
                podeAlterar &&
                e && (
                  <Button icon={<EditOutlined />} onClick={() => setEditando({ n: Date.now(), open: true })}>
                    Editar dados
                  </Button>
                )
              }
            >
              {e ? (
                <Descriptions column={{ xs: 1, md: 2 }} size="small">
                  <Descriptions.Item label="Razão social">{e.nome}</Descriptions.Item>
                  <Descriptions.Item label="Nome fantasia">{e.nomeFantasia ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="CNPJ">{formatarDocumento(e.cnpj)}</Descriptions.Item>
                  <Descriptions.Item label="E-mail">{e.email ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="Telefone">{e.telefone ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="CEP">{e.cep ? formatarCep(e.cep) : '—'}</Descriptions.Item>
                  <Descriptions.Item label="UF">{e.uf ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="Município">
                    <MunicipioTexto ibge={e.municipioIbge} />
                  </Descriptions.Item>
                </Descriptions>
              ) : (
                <Skeleton active />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <LogoCard embarcador={e} podeAlterar={podeAlterar} />
          </Col>
          <Col xs={24}>
            <CertificadoCard embarcadorUid={uid} podeAlterar={podeAlterar} />
          </Col>
        </Row>
      )}
      {editando && uid && (
        <ResourceForm
          key={editando.n}
          def={registro}
          uid={uid}
          open={editando.open}
          onClose={() => setEditando((x) => (x ? { ...x, open: false } : x))}
          onAfterClose={() => setEditando(null)}
        />
      )}
    </>
  );
}

function LogoCard({ embarcador, podeAlterar }: { embarcador: Embarcador | undefined; podeAlterar: boolean }) {
  const { message } = App.useApp();
  const toastErro = useToastErro();
  const enviar = useEnviarLogo(embarcador?.uid, {
    onSuccess: () => message.success('Logotipo atualizado.'),
    onError: toastErro,
  });
  // The same address answers the new image: the record's update time tells the browser it changed.
  const src = embarcador?.logoUrl ? `${embarcador.logoUrl}?v=${encodeURIComponent(embarcador.atualizadoEm)}` : undefined;
  return (
    <Card title="Logotipo" style={{ height: '100%' }}>
      <Flex vertical align="center" gap={16}>
        {src ? (
          <img src={src} alt="Logotipo do embarcador" style={{ maxWidth: '100%', maxHeight: 120, objectFit: 'contain' }} />
        ) : (
          <Avatar shape="square" size={96} icon={<ShopOutlined />} alt="Sem logotipo" />
        )}
        {!src && <Typography.Text type="secondary">Nenhum logotipo enviado.</Typography.Text>}
        {podeAlterar && embarcador && (
          <Upload
            accept={TIPOS_LOGO}
            showUploadList={false}
            maxCount={1}
            // Through our API client (envelope, 401 handling), not antd's own request.
            beforeUpload={(file) => {
              enviar.mutate(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={enviar.isPending}>
              {src ? 'Trocar logotipo' : 'Enviar logotipo'}
            </Button>
          </Upload>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          PNG, JPEG, WebP, GIF ou SVG, até 2 MB.
        </Typography.Text>
      </Flex>
    </Card>
  );
}

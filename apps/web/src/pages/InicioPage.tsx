import { Card, Col, Empty, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { usePerfil, usePode } from '../app/perfil.ts';
import { GROUP_ICONS } from '../app/shell/groupIcons.tsx';
import { TIPO_USUARIO } from '@fretio/core';
import { descricaoPara, menuTree } from '../resources/registry.ts';
import { Painel } from '../modules/bi/Painel.tsx';

// Start page: the modules this user may open, by area. Nothing made up, only links.
export function InicioPage() {
  const { data: perfil } = usePerfil();
  const pode = usePode();
  const tree = menuTree(pode, perfil?.tipoUsuario);
  return (
    <div>
      <Typography.Title level={3}>Olá, {perfil?.apelido || perfil?.nome}</Typography.Title>
      {perfil?.embarcadorAtivo && (
        <Typography.Paragraph type="secondary">
          {perfil.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR ? 'Você está atendendo ' : 'Você está trabalhando em '}
          <strong>{perfil.embarcadorAtivo.nome}</strong>.
        </Typography.Paragraph>
      )}
      {perfil?.embarcadorAtivo && pode('bi', 'ler') && <Painel />}
      {!tree.length && <Empty description="Nenhum módulo disponível para o seu perfil." />}
      {tree.map(({ group, items }) => (
        <section key={group} aria-label={group} style={{ marginBottom: 24 }}>
          <Typography.Title level={5}>
            {GROUP_ICONS[group]} {group}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {items.map((r) => (
              <Col key={r.key} xs={24} sm={12} lg={8}>
                <Link to={r.path}>
                  <Card hoverable size="small">
                    <Card.Meta avatar={<span style={{ fontSize: 22 }}>{r.icon}</span>} title={r.label} description={descricaoPara(r, perfil?.tipoUsuario)} />
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </div>
  );
}

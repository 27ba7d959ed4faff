import { Alert, Breadcrumb, Card, Skeleton, Tabs, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { usePode } from '../app/perfil.ts';
import { recordTitle } from './columns.tsx';
import { usePathParams } from './pathParams.ts';
import { RESOURCES, fillPath, resourceByKey } from './registry.ts';
import type { ResourceDef } from './types.ts';
import { useResourceDetail } from './useResourceApi.ts';

// The header of a sub-collection: the way back to the parent's list, the parent record, and one tab
// per sibling sub-collection the role may read (resources declaring the same parent, registry order).
export function ParentTabs({ def }: { def: ResourceDef }) {
  const params = usePathParams();
  const pode = usePode();
  const navigate = useNavigate();
  if (!def.parent) throw new Error(`Recurso '${def.key}' sem parent`);
  const { key, param } = def.parent;
  const parent = resourceByKey(key);
  if (!parent) throw new Error(`Recurso pai '${key}' não registrado`);
  const uid = params[param] ?? null;
  const record = useResourceDetail(parent, uid);
  const siblings = RESOURCES.filter((r) => r.parent?.key === key && r.parent.param === param && pode(r.recurso, 'ler'));

  return (
    <Card style={{ marginBottom: 16 }} styles={{ body: { paddingBottom: 0 } }}>
      <Breadcrumb
        items={[
          { title: <Link to={fillPath(parent.path, params)}>{parent.label}</Link> },
          { title: record.data ? recordTitle(parent, record.data) : parent.singular },
        ]}
      />
      {record.isError ? (
        <Alert type="error" showIcon style={{ marginTop: 12 }} title={record.error.message} />
      ) : record.data ? (
        <Typography.Title level={4} style={{ margin: '8px 0 0' }} data-testid="registro-pai">
          {recordTitle(parent, record.data)}
        </Typography.Title>
      ) : (
        <Skeleton active title={{ width: 240 }} paragraph={false} style={{ marginTop: 12 }} />
      )}
      <Tabs
        activeKey={def.key}
        items={siblings.map((s) => ({ key: s.key, label: s.tab ?? s.label }))}
        onChange={(k) => {
          const s = resourceByKey(k);
          if (s) navigate(fillPath(s.path, params));
        }}
        style={{ marginBottom: 0 }}
      />
    </Card>
  );
}

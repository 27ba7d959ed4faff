import { Segmented } from 'antd';
import { useSearchParams } from 'react-router';
import { ResourceList } from '../../resources/ResourceList.tsx';
import type { ResourceDef } from '../../resources/types.ts';
import { issPadrao } from './resource.tsx';

// ISS per municipality: the shipper's own rates (created and edited here, def=false) or, with the
// filter "Padrão do sistema", the system's read-only defaults (default=true). The choice is in the URL.
export function IssPage({ def }: { def: ResourceDef }) {
  const [params, setParams] = useSearchParams();
  const padrao = params.get('padrao') === '1';
  return (
    <>
      <Segmented
        style={{ marginBottom: 16 }}
        aria-label="Alíquotas exibidas"
        value={padrao ? 'padrao' : 'proprio'}
        options={[
          { value: 'proprio', label: 'Próprias do embarcador' },
          { value: 'padrao', label: 'Padrão do sistema' },
        ]}
        // Another set of records: filters, sort and page start over.
        onChange={(v) => setParams(v === 'padrao' ? { padrao: '1' } : {})}
      />
      {padrao ? <ResourceList key="padrao" def={issPadrao} /> : <ResourceList key="proprio" def={def} />}
    </>
  );
}

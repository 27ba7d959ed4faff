import { MSG } from '@fretio/core';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

// A module the role may not read, opened by its address: say so instead of showing an empty screen.
export function SemPermissao() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="Sem permissão"
      subTitle={MSG.semPermissao}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Voltar ao início
        </Button>
      }
    />
  );
}

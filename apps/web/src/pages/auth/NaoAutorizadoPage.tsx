import { MSG } from '@fretio/core';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { AuthCard } from './AuthCard.tsx';

// Where a user lands when the session is no longer accepted.
export function NaoAutorizadoPage() {
  const navigate = useNavigate();
  return (
    <AuthCard title="Acesso não autorizado">
      <Result
        status="403"
        subTitle={MSG.naoAutorizado}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            Entrar novamente
          </Button>
        }
      />
    </AuthCard>
  );
}

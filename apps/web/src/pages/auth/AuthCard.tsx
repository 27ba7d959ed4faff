import type { ReactNode } from 'react';

// The frame of every page outside the shell (sign-in, password, activation, errors). Plain elements
// styled like an antd Card: the Card (with its tabs and skeleton) and Typography stay out of the
// sign-in page's JavaScript (issue 8: ≤ 250 KB gzip).
const CARTAO: React.CSSProperties = {
  width: '100%',
  maxWidth: 420,
  background: '#fff',
  border: '1px solid #f0f0f0',
  borderRadius: 8,
  padding: 24,
  boxSizing: 'border-box',
};
const TITULO: React.CSSProperties = { textAlign: 'center', fontWeight: 600, lineHeight: 1.35 };

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh', padding: 16, boxSizing: 'border-box', background: '#f0f2f5' }}>
      <div style={CARTAO}>
        <h2 style={{ ...TITULO, fontSize: 30, color: '#1677ff', margin: '0 0 4px' }}>Fretio</h2>
        <h4 style={{ ...TITULO, fontSize: 20, color: 'rgba(0,0,0,0.88)', margin: '0 0 8px' }}>{title}</h4>
        {subtitle && <p style={{ textAlign: 'center', color: 'rgba(0,0,0,0.62)', margin: '0 0 16px' }}>{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}

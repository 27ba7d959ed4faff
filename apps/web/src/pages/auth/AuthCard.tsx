import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

// The frame of every page outside the shell (sign-in, password, activation, errors).
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={2} style={{ textAlign: 'center', color: '#1677ff', marginBottom: 4 }}>
          Fretio
        </Typography.Title>
        <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 0 }}>
          {title}
        </Typography.Title>
        {subtitle && (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {subtitle}
          </Typography.Paragraph>
        )}
        {children}
      </Card>
    </Flex>
  );
}

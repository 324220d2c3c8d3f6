import type { ReactNode } from 'react';

export const metadata = { title: 'A Next.js host of the published Portico' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}

import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import './print.css';

/**
 * The toolbar of a page that shows one document (a signed waiver, a receipt): the way back,
 * Print and Download PDF, and the page's own actions; none of it is printed. The document itself
 * carries `data-printed`, so it prints without its frame.
 */
export function PrintToolbar({
  back,
  onDownload,
  downloading,
  children,
}: {
  back: ReactNode;
  onDownload: () => void;
  downloading: boolean;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="wrap" data-print-hidden>
      {back}
      <Group gap="xs">
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          Print
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onDownload} loading={downloading}>
          Download PDF
        </Button>
        {children}
      </Group>
    </Group>
  );
}

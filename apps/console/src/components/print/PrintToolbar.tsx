import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import './print.css';

/**
 * The toolbar of a page that shows one document (a signed waiver, a receipt, the cash-up): the way
 * back, Print and Download, and the page's own actions; none of it is printed. The document itself
 * carries `data-printed`, so it prints without its frame.
 */
export function PrintToolbar({
  back,
  onDownload,
  downloading,
  downloadLabel = 'Download PDF',
  children,
}: {
  back: ReactNode;
  onDownload: () => void;
  downloading: boolean;
  /** What the download gives (a report downloads its CSV). */
  downloadLabel?: string;
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
          {downloadLabel}
        </Button>
        {children}
      </Group>
    </Group>
  );
}

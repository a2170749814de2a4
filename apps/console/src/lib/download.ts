/** Hands a fetched file to the browser as a download (the object URL is released once the click has started it). */
export function saveFile({ blob, filename }: { blob: Blob; filename: string }) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Shows a fetched file (a PDF to print) in a tab opened on the click itself, before the fetch: a
 * tab opened after an await is a popup the browser blocks. Without that tab, the file downloads.
 */
export function showFile(file: { blob: Blob; filename: string }, tab: Window | null) {
  if (!tab || tab.closed) {
    saveFile(file);
    return;
  }
  const url = URL.createObjectURL(file.blob);
  tab.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

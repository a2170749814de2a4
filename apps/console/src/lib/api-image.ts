import { useEffect, useState } from 'react';
import { http } from './api';

/**
 * An image the API serves only with the venue's access (a signature): fetched with the same
 * headers as every call and shown through an object URL, released when the page leaves. Only
 * this server's own /api/ paths are fetched.
 */
export function useApiImage(path: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path || !path.startsWith('/api/')) return;
    let objectUrl: string | null = null;
    let alive = true;
    http
      .file(path, 'image.png')
      .then(({ blob }) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return path ? url : null;
}

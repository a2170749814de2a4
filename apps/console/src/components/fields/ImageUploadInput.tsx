import { useId, useRef, useState } from 'react';
import { Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import type { ApiErrorBody } from '@lanebook/core/api-schemas';
import { ApiError } from '../../lib/api';
import { readSelectedVenue } from '../../lib/venue-selection';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
/** The server's limit (apps/server/src/modules/media/service.ts), checked here to fail fast. */
const MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/public/media/images/upload (multipart field "file") answers {url}: the value image fields store. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const venueId = readSelectedVenue();
  const response = await fetch('/api/public/media/images/upload', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: venueId ? { 'x-venue-id': venueId, accept: 'application/json' } : { accept: 'application/json' },
  }).catch(() => {
    throw new ApiError(0, 'no_response', 'The server did not respond to the request. Try again later.');
  });
  const data = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody> & { url?: string };
  if (!response.ok || !data.url)
    throw new ApiError(response.status, data.code ?? 'error', data.message ?? 'The image could not be uploaded.');
  return data.url;
}

export interface ImageUploadInputProps {
  label: string;
  description?: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  readOnly?: boolean;
}

/** An uploaded image: preview, upload or replace, remove. The stored value is the upload's URL ('' for none). */
export function ImageUploadInput({ label, description, value, onChange, error, readOnly }: ImageUploadInputProps) {
  const inputId = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);

  const pick = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setUploadError(null);
    if (!ACCEPT.split(',').includes(file.type)) {
      setUploadError('Choose a PNG, JPEG, GIF or WebP image.');
      return;
    }
    if (file.size > MAX_BYTES) {
      setUploadError('The image is larger than 5 MB.');
      return;
    }
    setUploading(true);
    try {
      onChange(await uploadImage(file));
    } catch (failure) {
      setUploadError((failure as Error).message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Input.Wrapper
      label={label}
      id={inputId}
      description={description ?? 'PNG, JPEG, GIF or WebP, up to 5 MB.'}
      error={uploadError ?? error}
    >
      <Group gap="md" mt={6} align="flex-start" wrap="nowrap">
        <Paper withBorder radius="md" w={120} h={90} style={{ overflow: 'hidden', flexShrink: 0 }}>
          {value ? (
            <Image src={value} alt={`${label} preview`} w={120} h={90} fit="cover" />
          ) : (
            <Stack align="center" justify="center" h="100%" gap={2}>
              <IconPhoto size={24} color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed">
                No image
              </Text>
            </Stack>
          )}
        </Paper>
        {readOnly ? null : (
          <Stack gap={6} align="flex-start">
            <FileButton onChange={pick} accept={ACCEPT} resetRef={resetRef} inputProps={{ id: inputId }}>
              {(props) => (
                <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} />} loading={uploading}>
                  {value ? 'Replace image' : 'Upload image'}
                </Button>
              )}
            </FileButton>
            {value ? (
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => onChange('')}>
                Remove image
              </Button>
            ) : null}
          </Stack>
        )}
      </Group>
    </Input.Wrapper>
  );
}

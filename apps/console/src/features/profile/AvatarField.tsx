import { useId, useState } from 'react';
import { Avatar, Button, FileButton, Group, Input, Stack } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { AVATAR_ACCEPT, avatarDataUrl } from './avatar-image';

interface AvatarFieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  name: string;
  error?: string;
}

/** The profile photo: preview, upload (resized in the browser) and remove. */
export function AvatarField({ value, onChange, name, error }: AvatarFieldProps) {
  const inputId = useId();
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);

  const pick = async (file: File | null) => {
    if (!file) return;
    setReading(true);
    setReadError(null);
    try {
      onChange(await avatarDataUrl(file));
    } catch (failure) {
      setReadError((failure as Error).message);
    } finally {
      setReading(false);
    }
  };

  return (
    <Input.Wrapper label="Photo" id={inputId} description="PNG, JPEG, WebP or GIF; resized to 256 px." error={readError ?? error}>
      <Group gap="md" mt={6} wrap="nowrap">
        <Avatar src={value || null} alt="" size={72} radius="xl" color="blue">
          {name.trim().slice(0, 1).toUpperCase() || null}
        </Avatar>
        <Stack gap={6} align="flex-start">
          <FileButton onChange={pick} accept={AVATAR_ACCEPT} inputProps={{ id: inputId }}>
            {(props) => (
              <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} />} loading={reading}>
                {value ? 'Change photo' : 'Upload photo'}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => {
                setReadError(null);
                onChange(null);
              }}
            >
              Remove photo
            </Button>
          ) : null}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}

import { useEffect, useRef } from 'react';
import { useController, type Control } from 'react-hook-form';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import '@mantine/tiptap/styles.css';
import type { WaiverValues } from './api/create-waiver';
import { waiverEditorExtensions } from './waiver-editor-config';

/**
 * The waiver's text in Mantine's tiptap editor (a chunk of its own, loaded by the waiver page).
 * The toolbar makes only what the server's sanitizer keeps (waiver-editor-config.ts).
 * The editor's HTML is the field's value; the server sanitizes it when saved.
 */
export default function WaiverTextEditor({
  control,
  readOnly,
}: {
  control: Control<WaiverValues, unknown, WaiverValues>;
  readOnly: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'text' });
  // The last HTML this editor gave the form: a value from elsewhere (a reset after saving) is loaded into it.
  const emitted = useRef(field.value ?? '');
  const editor = useEditor({
    extensions: waiverEditorExtensions(),
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Waiver text' } },
    content: field.value ?? '',
    editable: !readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: changed }) => {
      const html = changed.isEmpty ? '' : changed.getHTML();
      emitted.current = html;
      field.onChange(html);
    },
    onBlur: () => field.onBlur(),
  });

  useEffect(() => {
    const value = field.value ?? '';
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, field.value]);

  useEffect(() => {
    editor?.setEditable(!readOnly);
  }, [editor, readOnly]);

  return (
    <Input.Wrapper
      label="Waiver text"
      description="Headings, bold, italic, underline, lists and links (http or https addresses). Pasted formatting is kept only as far as these go."
      error={fieldState.error?.message}
      id="waiver-text"
    >
      <RichTextEditor
        editor={editor}
        mt={6}
        data-testid="waiver-text-editor"
        styles={{ content: { minHeight: 220 }, linkEditorExternalControl: { display: 'none' } }}
      >
        {readOnly ? null : (
          <RichTextEditor.Toolbar sticky stickyOffset={0}>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

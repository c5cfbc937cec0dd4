import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The contract text editor (Tiptap through Mantine), in its own chunk: headings, emphasis and lists, which
 * is what the server's allow-list keeps of a contract. Merge fields left unfilled stay visible as
 * `{{name}}` for the author to complete.
 */
export default function ContractTextEditor({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(html: string): void;
}) {
  const { t } = useTranslation('contracts');
  const id = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] }, code: false, codeBlock: false })],
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': `${id}-label` },
    },
    immediatelyRender: false,
  });
  return (
    <Input.Wrapper label={label} id={id} labelProps={{ id: `${id}-label` }}>
      <RichTextEditor editor={editor} data-testid="contract-text-editor" mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold aria-label={t('editor.bold')} title={t('editor.bold')} />
            <RichTextEditor.Italic aria-label={t('editor.italic')} title={t('editor.italic')} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 aria-label={t('editor.heading')} title={t('editor.heading')} />
            <RichTextEditor.H3 aria-label={t('editor.subheading')} title={t('editor.subheading')} />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList aria-label={t('editor.bullets')} title={t('editor.bullets')} />
            <RichTextEditor.OrderedList aria-label={t('editor.numbers')} title={t('editor.numbers')} />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

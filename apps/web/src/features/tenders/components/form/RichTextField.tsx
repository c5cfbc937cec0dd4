import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLISHING } from '../../../../lib/i18n.ts';

interface Props {
  label: string;
  description?: string;
  value: string;
  onChange(html: string): void;
  onBlur?(): void;
  error?: string | undefined;
}

/**
 * The tender details editor (Tiptap through Mantine). It is its own chunk, loaded only by the forms that
 * use it, so the public pages never download it. Only what the server's allow-list keeps is offered.
 */
export default function RichTextField({ label, description, value, onChange, onBlur, error }: Props) {
  const { t } = useTranslation(...PUBLISHING);
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] }, code: false, codeBlock: false }),
      Link.configure({ openOnClick: false }),
    ],
    content: value,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
      },
    },
  });
  const label_ = (key: string) => t(`editor.${key}`);

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      labelProps={{ id: `${id}-label` }}
      errorProps={{ id: `${id}-error` }}
      data-testid="tender-details-editor"
    >
      <RichTextEditor
        editor={editor}
        mt={4}
        labels={{
          boldControlLabel: label_('bold'),
          italicControlLabel: label_('italic'),
          underlineControlLabel: label_('underline'),
          strikeControlLabel: label_('strike'),
          clearFormattingControlLabel: label_('clearFormatting'),
          h2ControlLabel: label_('h2'),
          h3ControlLabel: label_('h3'),
          h4ControlLabel: label_('h4'),
          bulletListControlLabel: label_('bulletList'),
          orderedListControlLabel: label_('orderedList'),
          blockquoteControlLabel: label_('blockquote'),
          hrControlLabel: label_('hr'),
          linkControlLabel: label_('link'),
          unlinkControlLabel: label_('unlink'),
          undoControlLabel: label_('undo'),
          redoControlLabel: label_('redo'),
          linkEditorInputLabel: label_('linkUrl'),
          linkEditorInputPlaceholder: 'https://example.com',
          linkEditorExternalLink: label_('linkExternal'),
          linkEditorInternalLink: label_('linkInternal'),
          linkEditorSave: label_('linkSave'),
        }}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar sticky stickyOffset={60}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
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
        <RichTextEditor.Content mih={220} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

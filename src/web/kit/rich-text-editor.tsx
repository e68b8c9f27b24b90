import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Select, Tooltip, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from './upload';

export interface RichTextEditorProps {
  value?: string;
  onChange?(html: string): void;
  /** Accessible name of the editing area. */
  label: string;
}

/**
 * The article body editor (tiptap), a lazy chunk: only forms with rich text load it. What it
 * produces is sanitized again by the server before it is stored.
 */
export default function RichTextEditor({ value = '', onChange, label }: RichTextEditorProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const fileInput = useRef<HTMLInputElement>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] },
      }),
      Image,
    ],
    content: value,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold'),
      italic: e?.isActive('italic'),
      underline: e?.isActive('underline'),
      strike: e?.isActive('strike'),
      bullet: e?.isActive('bulletList'),
      ordered: e?.isActive('orderedList'),
      link: e?.isActive('link'),
      heading: ([1, 2, 3] as const).find((level) => e?.isActive('heading', { level })) ?? 0,
    }),
  });

  // A value set from outside (the loaded article, a reset) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value !== (editor.isEmpty ? '' : editor.getHTML())) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  if (!editor || editor.isDestroyed) return null;
  const chain = () => editor.chain().focus();
  const tool = (
    name: string,
    icon: React.ReactNode,
    active: boolean | undefined,
    run: () => void,
  ) => (
    <Tooltip title={t(`editor.${name}`)} key={name}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`editor.${name}`)}
        aria-pressed={!!active}
        onClick={run}
      />
    </Tooltip>
  );

  return (
    <div style={{ border: `1px solid ${token.colorBorder}`, borderRadius: token.borderRadius }}>
      <div
        role="toolbar"
        aria-label={t('editor.toolbar')}
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          padding: 4,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Select
          size="small"
          value={state?.heading ?? 0}
          style={{ width: 96 }}
          aria-label={t('editor.heading')}
          options={[
            { value: 0, label: t('editor.paragraph') },
            { value: 1, label: 'H1' },
            { value: 2, label: 'H2' },
            { value: 3, label: 'H3' },
          ]}
          onChange={(level: number) =>
            level === 0
              ? chain().setParagraph().run()
              : chain()
                  .toggleHeading({ level: level as 1 | 2 | 3 })
                  .run()
          }
        />
        <Divider type="vertical" />
        {tool('bold', <BoldOutlined />, state?.bold, () => chain().toggleBold().run())}
        {tool('italic', <ItalicOutlined />, state?.italic, () => chain().toggleItalic().run())}
        {tool('underline', <UnderlineOutlined />, state?.underline, () =>
          chain().toggleUnderline().run(),
        )}
        {tool('strike', <StrikethroughOutlined />, state?.strike, () =>
          chain().toggleStrike().run(),
        )}
        <Divider type="vertical" />
        {tool('bulletList', <UnorderedListOutlined />, state?.bullet, () =>
          chain().toggleBulletList().run(),
        )}
        {tool('orderedList', <OrderedListOutlined />, state?.ordered, () =>
          chain().toggleOrderedList().run(),
        )}
        {tool('link', <LinkOutlined />, state?.link, () => {
          if (state?.link) return chain().unsetLink().run();
          const href = window.prompt(t('editor.linkPrompt'), 'https://');
          if (href && /^(https?:|mailto:)/i.test(href)) chain().setLink({ href }).run();
        })}
        {tool('image', <PictureOutlined />, false, () => fileInput.current?.click())}
        <Divider type="vertical" />
        {tool('undo', <UndoOutlined />, false, () => chain().undo().run())}
        {tool('redo', <RedoOutlined />, false, () => chain().redo().run())}
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          style={{ display: 'none' }}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            const { url } = await uploadImage(file);
            chain().setImage({ src: url }).run();
          }}
        />
      </div>
      <EditorContent
        editor={editor}
        className="rich-text"
        style={{ padding: '4px 12px', minHeight: 240 }}
      />
      <style>
        {'.rich-text .tiptap{min-height:220px;outline:none}.rich-text img{max-width:100%}'}
      </style>
    </div>
  );
}

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
import { Button, Divider, Input, Modal, Select, Tooltip, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dictionary } from '../i18n/keys';
import { uploadImage } from './upload';

/** The links the editor makes: http(s) and mailto addresses. */
export function isLinkAllowed(url: string): boolean {
  return /^(https?:\/\/\S+|mailto:\S+)$/i.test(url.trim());
}

/** The link dialog: antd's Modal (not the browser's prompt), with the address checked. */
function LinkDialog({
  open,
  onCancel,
  onOk,
}: {
  open: boolean;
  onCancel(): void;
  onOk(href: string): void;
}) {
  const { t } = useTranslation();
  const [href, setHref] = useState('https://');
  const [touched, setTouched] = useState(false);
  const valid = isLinkAllowed(href);
  const submit = () => {
    setTouched(true);
    if (valid) onOk(href.trim());
  };
  return (
    <Modal
      open={open}
      title={t('editor.link')}
      okText={t('kit.ok')}
      cancelText={t('kit.cancel')}
      onCancel={onCancel}
      onOk={submit}
      afterOpenChange={(opened) => {
        if (!opened) {
          setHref('https://');
          setTouched(false);
        }
      }}
      destroyOnHidden
    >
      <label htmlFor="rich-text-link" style={{ display: 'block', marginBottom: 8 }}>
        {t('editor.linkPrompt')}
      </label>
      <Input
        id="rich-text-link"
        autoFocus
        value={href}
        status={touched && !valid ? 'error' : undefined}
        onChange={(event) => setHref(event.target.value)}
        onPressEnter={submit}
      />
      {touched && !valid && (
        <Typography.Text type="danger" role="alert">
          {t('editor.linkInvalid')}
        </Typography.Text>
      )}
    </Modal>
  );
}

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
  const [linking, setLinking] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // http, https and mailto are linkify's own schemes: registering them again as custom
        // protocols (tiptap does it on every editor's creation) made linkify warn "already
        // initialized" each time the editor opened again. They are limited here instead.
        link: { openOnClick: false, isAllowedUri: (url) => isLinkAllowed(url) },
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
    name: keyof Dictionary['editor'],
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
          // Wide enough for 'Paragraph' as for '正文'; the list fits its longest option.
          style={{ minWidth: 112 }}
          popupMatchSelectWidth={false}
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
          setLinking(true);
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
      <LinkDialog
        open={linking}
        onCancel={() => setLinking(false)}
        onOk={(href) => {
          setLinking(false);
          chain().setLink({ href }).run();
        }}
      />
      <style>
        {'.rich-text .tiptap{min-height:220px;outline:none}.rich-text img{max-width:100%}'}
      </style>
    </div>
  );
}

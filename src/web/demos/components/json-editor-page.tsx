import { Alert, Button, Card, Col, Input, Row, Space, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SAMPLE = { name: 'Merchant Admin', tags: ['react', 'antd'], owner: { id: 1, active: true } };

/** A JSON value as tree nodes (objects and arrays open, values as `key: value`). */
export function jsonTree(value: unknown, path = '$'): TreeDataNode[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).map(([key, child]) => {
    const at = `${path}.${key}`;
    const leaf = child === null || typeof child !== 'object';
    return {
      key: at,
      title: leaf
        ? `${key}: ${JSON.stringify(child)}`
        : `${key} ${Array.isArray(child) ? '[]' : '{}'}`,
      ...(leaf ? { isLeaf: true } : { children: jsonTree(child, at) }),
    };
  });
}

/**
 * Where JSON.parse stopped, as a line and a column (1-based): from the engine's "at position N",
 * or the end of the text when it ran out ("Unexpected end of JSON input").
 */
export function jsonErrorAt(text: string, message: string): { line: number; column: number } {
  const found = /position (\d+)/.exec(message);
  const at = found ? Math.min(Number(found[1]), text.length) : text.length;
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** Template demo /components/json-editor: JSON checked as it is typed, formatted, and as a tree. */
export default function JsonEditorPage() {
  const { t } = useTranslation('demos');
  const [text, setText] = useState(JSON.stringify(SAMPLE, null, 2));
  const parsed = useMemo(() => {
    try {
      return { value: JSON.parse(text) as unknown };
    } catch (err) {
      // The engine's message is English: said again in the UI's language, with where it is.
      const message = err instanceof Error ? err.message : String(err);
      return { error: t('components.jsonErrorAt', jsonErrorAt(text, message)) };
    }
  }, [text, t]);
  return (
    <Card>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.TextArea
              aria-label="JSON"
              value={text}
              onChange={(event) => setText(event.target.value)}
              autoSize={{ minRows: 14 }}
              style={{ fontFamily: 'monospace' }}
            />
            <Button
              disabled={'error' in parsed}
              onClick={() => setText(JSON.stringify(parsed.value, null, 2))}
            >
              {t('components.format')}
            </Button>
          </Space>
        </Col>
        <Col xs={24} md={12}>
          {'error' in parsed ? (
            <Alert
              type="error"
              showIcon
              title={t('components.invalidJson')}
              description={parsed.error}
            />
          ) : (
            // A new tree for new JSON: every level opens again.
            <Tree key={text} showLine defaultExpandAll treeData={jsonTree(parsed.value)} />
          )}
        </Col>
      </Row>
    </Card>
  );
}

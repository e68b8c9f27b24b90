import { Card, Col, Input, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../shared/markdown';

const SAMPLE = `# Markdown

**Bold**, *italic*, \`code\` and [a link](https://github.com).

- one
- two

| a | b |
| - | - |
| 1 | 2 |
`;

/** Template demo /components/markdown: an editor with its preview beside it. */
export default function MarkdownPage() {
  const { t } = useTranslation('demos');
  const [source, setSource] = useState(SAMPLE);
  return (
    <Card>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Input.TextArea
            aria-label={t('components.markdownSource')}
            value={source}
            onChange={(event) => setSource(event.target.value)}
            autoSize={{ minRows: 16 }}
            style={{ fontFamily: 'monospace' }}
          />
        </Col>
        <Col xs={24} md={12} data-testid="markdown-preview">
          <Markdown source={source} />
        </Col>
      </Row>
    </Card>
  );
}

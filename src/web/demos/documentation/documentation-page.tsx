import { Card } from 'antd';
import readme from '../../../../README.md?raw';
import { Markdown } from '../shared/markdown';

/** Template demo /documentation/index: the product's own documentation, its README. */
export default function DocumentationPage() {
  return (
    <Card>
      <Markdown source={readme} />
    </Card>
  );
}

import * as components from '@ant-design/icons';
import * as definitions from '@ant-design/icons-svg';
import { describe, expect, it } from 'vitest';
import { iconJsx, iconNames, matchIcons } from './icon-names';

describe('the icon demo', () => {
  it('shows every icon of @ant-design/icons, by theme, and searches them', () => {
    const names = iconNames(definitions as unknown as Record<string, unknown>);
    // The definitions it draws are those of every icon component antd exports.
    expect(names).toEqual(iconNames(components as unknown as Record<string, unknown>));
    expect(names.Outlined.length).toBeGreaterThan(400);
    expect(names.Filled).toContain('HeartFilled');
    expect(names.TwoTone).toContain('SmileTwoTone');
    expect(matchIcons(names.Outlined, 'arrow up')).toContain('ArrowUpOutlined');
    expect(iconJsx('StarOutlined')).toBe('<StarOutlined />');
  });
});

import { type DictionaryOf, titlesOf } from '../resource';
import { material } from './material';

export default {
  ...titlesOf(material, 'zh'),
  noun: '素材',
  new: '',
  fields: {
    url: '图片',
    name: '名称',
    folder: '文件夹',
    size: '大小',
    mime: '格式',
    usedBy: '使用位置',
    createdAt: '上传时间',
  },
  enums: {},
  help: { folder: '同名文件夹的素材归在一起，如“菜品”“轮播”' },
  keywordPlaceholder: '名称、文件夹',
  upload: '上传图片',
  uploaded: '已上传 {{count}} 张',
  pick: '从素材库选择',
  pickTitle: '选择素材',
  unused: '未使用',
  usedIn: '{{area}}「{{title}}」',
  errors: { inUse: '素材“{{name}}”正在使用中（{{where}}），请先在这些地方换掉它' },
} satisfies DictionaryOf<typeof material>;

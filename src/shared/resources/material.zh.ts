import type { DictionaryOf } from '../resource';
import type { material } from './material';

export default {
  title: '素材库',
  noun: '素材',
  new: '',
  edit: '编辑素材',
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

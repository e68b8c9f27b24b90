import type { DictionaryOf } from '../resource';
import type { material } from './material';

export default {
  title: 'Material library',
  noun: 'material',
  new: '',
  edit: 'Edit material',
  fields: {
    url: 'Image',
    name: 'Name',
    folder: 'Folder',
    size: 'Size',
    mime: 'Type',
    usedBy: 'Used in',
    createdAt: 'Uploaded',
  },
  enums: {},
  help: { folder: 'Materials with the same folder are kept together, e.g. "dishes", "slides"' },
  keywordPlaceholder: 'Name, folder',
  upload: 'Upload images',
  uploaded: '{{count}} uploaded',
  pick: 'From the library',
  pickTitle: 'Choose a material',
  unused: 'Not used',
  usedIn: '{{area}} “{{title}}”',
  errors: { inUse: '“{{name}}” is in use ({{where}}): replace it there first' },
} satisfies DictionaryOf<typeof material>;

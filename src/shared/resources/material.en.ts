import { type DictionaryOf, titlesOf } from '../resource';
import { material } from './material';

export default {
  ...titlesOf(material, 'en'),
  noun: 'material',
  new: '',
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

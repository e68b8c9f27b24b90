/**
 * A dictionary key chosen at run time, for i18next's typed `t`, which takes only the keys of its
 * namespace's dictionary (src/web/i18n/dictionary-types.ts). Some keys are data: a resource's
 * field, enum value or transition in the kit (the area is the screen's), a route title from a
 * definition, a catalogue message's id. Such a key goes through here, typed as the one other
 * argument `t` takes in every namespace (its tagged-template form's), whose text is a string; the
 * value stays the string. labels.test.ts and messages.test.ts check that those keys exist.
 * Where the key is one of a known dictionary's, type the variable instead
 * (`keyof Dictionary<'goods'>['fields']`).
 */
export const dynamicKey = (key: string) => key as unknown as TemplateStringsArray;

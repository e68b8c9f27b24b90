import { resources } from '../../shared/resources';
import { dynamicKey, i18n } from '../i18n';

/**
 * An operation-log action in the UI's language. A resource's (`article.publish`) is said from its
 * own texts (新增文章, 发布文章, 文章（全部）) once its dictionary is loaded; the rest, and any
 * before then, from the log's own list (`oplog.actions.*`), else as stored.
 */
export function actionLabel(action: string): string {
  const at = action.indexOf('.');
  const area = action.slice(0, at);
  const verb = action.slice(at + 1);
  const own = `oplog.actions.${verb ? action.replace('.', '_') : `${area}_all`}`;
  // The data helper's imports name the area they fill: import.customer.
  if (area === 'import' && i18n.exists(`${verb}:noun`))
    return i18n.t('oplog.verbs.import', { noun: i18n.t(dynamicKey(`${verb}:noun`)) });
  const resource = resources.find((r) => r.name === area);
  if (resource && i18n.exists(`${area}:noun`)) {
    const noun = i18n.t(dynamicKey(`${area}:noun`));
    if (!verb) return i18n.t('oplog.verbs.all', { noun });
    if (['create', 'update', 'delete', 'export', 'move'].includes(verb))
      return i18n.t(dynamicKey(`oplog.verbs.${verb}`), { noun });
    if (resource.transitions?.[verb])
      return i18n.t('oplog.verbs.transition', {
        action: i18n.t(dynamicKey(`${area}:transitions.${verb}`)),
        noun,
      });
    if (i18n.exists(`${area}:actions.${verb}`))
      return i18n.t(dynamicKey(`${area}:actions.${verb}`));
  }
  return i18n.t(own, { defaultValue: action });
}

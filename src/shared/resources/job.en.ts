import { type DictionaryOf, titlesOf } from '../resource';
import { job } from './job';

export default {
  ...titlesOf(job, 'en'),
  noun: 'job',
  new: '',
  fields: {
    name: 'Job',
    label: 'Job name',
    subject: 'About',
    state: 'State',
    attempts: 'Attempts',
    maxAttempts: 'Attempts allowed',
    error: 'Last error',
    runAt: '(Next) run at',
    createdAt: 'Created',
    finishedAt: 'Finished',
  },
  enums: {
    state: { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' },
  },
  transitions: { retry: 'Retry' },
  keywordPlaceholder: 'Job, error',
  rules: {
    busy: 'Job #{{id}} is queued or running and cannot be deleted',
    duplicate: 'The same job is already queued or running',
  },
  names: {
    'feeds.process': 'Process a feed',
    'product-order.timeout': 'Cancel an unpaid order',
    'product-order.auto-complete': 'Complete an order',
    'product-order.auto-praise': 'Praise an unrated order',
    'marketplace-order.paid': 'Confirm a marketplace payment',
    'marketplace-order.deliver': 'Deliver a marketplace order',
    'marketplace-order.update': 'Tell the marketplace of a change',
    'marketplace-order.settle': 'Download and reconcile a settlement',
    'extension.clock': 'Start or end a campaign',
    'cost-center.recharge-check': 'Check a recharge',
    'printer.print': 'Print a receipt',
    'mini-program.poll': 'Ask the mini-program platform',
    'goods-setting.rates': 'Fetch listing settings’ daily exchange rates',
  },
} satisfies DictionaryOf<typeof job>;

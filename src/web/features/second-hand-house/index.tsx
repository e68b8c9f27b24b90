import type { ResourceOverrides } from '../../kit/resource-overrides';

/** /second-hand-house: a phone's narrow list shows the status and the total (its form: form.tsx). */
export default {
  phoneColumns: ['status', 'totalPrice'],
} satisfies ResourceOverrides;
